import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/src: the code that ships; tests and migrations are checked by other rules. */
export const SERVER_SRC = fileURLToPath(new URL('../../src/', import.meta.url));

export interface SourceFile {
  /** Path from apps/server/src with forward slashes, e.g. `modules/users/repo.ts`. */
  path: string;
  text: string;
}

/** Every TypeScript file under `root` (tests beside the code included), read once. */
export function sourceFiles(root: string = SERVER_SRC): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name)) {
        out.push({ path: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Drops whole-line comments (`//`, and the ` * ` lines of block comments), so prose that mentions a query
 * builder call or a package is not taken for code. Trailing comments stay: they rarely hold such words.
 */
export function withoutLineComments(text: string): string {
  return text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');
}

/** The area a file under `modules/` belongs to (`modules/users/x.ts` -> `users`); undefined elsewhere. */
export function areaOf(filePath: string): string | undefined {
  const match = /^modules\/([^/]+)\//.exec(filePath);
  return match?.[1];
}
