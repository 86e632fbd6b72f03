import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * What a built console script is made of: its bytes attributed, through its source map, to the package (or the
 * console's own file) they came from, largest first, minified and gzipped on its own.
 *
 *   node --import tsx bench/bundle-sources.ts <build>/assets/index-<hash>.js [--files]
 *
 * --files splits packages into their files (which zod or react-router module a page really carries). A package's
 * gzip figure is its own text compressed alone, so the column adds up to more than the script's gzip size: read it
 * as an upper bound of what leaving the package out would save.
 */

const [file, flag] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/bundle-sources.ts <script.js> [--files]');
const byFile = flag === '--files';
const code = readFileSync(file, 'utf8');
const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };

function owner(sourceIndex: number | undefined): string {
  if (sourceIndex === undefined) return '(no source)';
  const source = map.sources[sourceIndex] ?? '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(source);
  if (pkg) return byFile ? `${pkg[1]}${pkg[2] ?? ''}` : (pkg[1] ?? source);
  const domain = /packages\/domain\/(.*)$/.exec(source);
  if (domain) return byFile ? `@spinyard/domain/${domain[1]}` : '@spinyard/domain';
  return `console: ${source.replace(/^.*apps\/console\//, '')}`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The source map's mappings, one list of [generated column, source index] per generated line. A small decoder of
 * its base64 VLQ text, so the bench needs no package the project does not depend on.
 */
function decode(mappings: string): [number, number | undefined][][] {
  const state = [0, 0, 0, 0, 0]; // column, source, source line, source column, name: each field is a delta
  return mappings.split(';').map((line) => {
    state[0] = 0;
    return line
      .split(',')
      .filter((segment) => segment.length > 0)
      .map((segment) => {
        let field = 0;
        let value = 0;
        let shift = 0;
        let fields = 0;
        for (const char of segment) {
          const digit = BASE64.indexOf(char);
          value += (digit & 31) << shift;
          shift += 5;
          if (digit & 32) continue;
          const delta = value & 1 ? -(value >>> 1) : value >>> 1;
          state[field] = (state[field] ?? 0) + delta;
          field += 1;
          fields += 1;
          value = 0;
          shift = 0;
        }
        return [state[0] ?? 0, fields > 1 ? state[1] : undefined];
      });
  });
}

const texts = new Map<string, string[]>();
const lines = code.split('\n');
decode(map.mappings).forEach((segments, lineIndex) => {
  const line = lines[lineIndex] ?? '';
  segments.forEach((segment, i) => {
    const end = segments[i + 1]?.[0] ?? line.length;
    const key = owner(segment[1]);
    const list = texts.get(key) ?? [];
    list.push(line.slice(segment[0], end));
    texts.set(key, list);
  });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
const rows = [...texts].map(([key, parts]) => {
  const text = parts.join('');
  return { key, raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
});
process.stdout.write(
  `${file}: ${kb(Buffer.byteLength(code))} minified, ${kb(gzipSync(code, { level: 9 }).length)} gzipped\n`,
);
process.stdout.write('     minified  gzipped alone\n');
for (const row of rows.sort((a, b) => b.raw - a.raw))
  process.stdout.write(`${kb(row.raw)} ${kb(row.gzip)}  ${row.key}\n`);
