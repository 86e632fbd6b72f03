import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_SRC, type SourceFile, sourceFiles, withoutLineComments } from './source.ts';

/** Packages that decode or encode images and video: only the media adapter may load them. */
const MEDIA_PACKAGE =
  /^(sharp|fluent-ffmpeg|ffmpeg-static|ffprobe-static|@ffmpeg-installer\/.+|@ffprobe-installer\/.+|@ffmpeg\/.+)$/;

/** The code that ships: the server, the console and the shared rules (tests may make fixture pictures). */
const SHIPPED = [
  { root: SERVER_SRC, label: 'apps/server/src' },
  { root: fileURLToPath(new URL('../../../console/src/', import.meta.url)), label: 'apps/console/src' },
  { root: fileURLToPath(new URL('../../../../packages/domain/src/', import.meta.url)), label: 'packages/domain/src' },
];

/** Media packages a source loads (import, export from, require, dynamic import) and media programs it runs. */
export function mediaUses(source: string): string[] {
  const text = withoutLineComments(source);
  const uses: string[] = [];
  const specifiers = /\b(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(specifiers)) if (MEDIA_PACKAGE.test(m[1]!)) uses.push(m[1]!);
  const programs =
    /\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync|execa)\s*\(\s*['"`]([^'"`\s]*?)(ffmpeg|ffprobe)\b/g;
  for (const m of text.matchAll(programs)) uses.push(`run ${m[2]}`);
  return uses;
}

const isMediaAdapter = (label: string, f: SourceFile) =>
  label === 'apps/server/src' && f.path.startsWith('platform/media/');

describe('one media adapter', () => {
  it('recognises every way of reaching sharp or ffmpeg (the scanner itself)', () => {
    expect(mediaUses("import sharp from 'sharp';")).toEqual(['sharp']);
    expect(mediaUses("const { default: s } = await import('sharp');")).toEqual(['sharp']);
    expect(mediaUses("export { default } from 'sharp';")).toEqual(['sharp']);
    expect(mediaUses("const f = require('fluent-ffmpeg');")).toEqual(['fluent-ffmpeg']);
    expect(mediaUses("import ffmpegPath from 'ffmpeg-static';")).toEqual(['ffmpeg-static']);
    expect(mediaUses("spawn('ffmpeg', ['-i', input]);")).toEqual(['run ffmpeg']);
    expect(mediaUses("execFile('/usr/bin/ffprobe', args);")).toEqual(['run ffprobe']);
    expect(mediaUses("import { fileTypeFromBuffer } from 'file-type';\n// sharp('x') in prose")).toEqual([]);
    expect(mediaUses("import sharpen from './sharpen.ts';")).toEqual([]);
  });

  it('lets nothing outside apps/server/src/platform/media load sharp or run ffmpeg', () => {
    const outside = SHIPPED.flatMap(({ root, label }) =>
      sourceFiles(root)
        .filter((f) => !isMediaAdapter(label, f))
        .flatMap((f) => mediaUses(f.text).map((use) => `${label}/${f.path}: ${use}`)),
    );
    expect(outside).toEqual([]);
  });

  it('finds sharp in the adapter (the scan reads the real files)', () => {
    const adapter = sourceFiles().filter((f) => isMediaAdapter('apps/server/src', f));
    expect(adapter.flatMap((f) => mediaUses(f.text))).toContain('sharp');
  });
});
