import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ja from './ja.json';

// i18next answers a missing key with the key itself, so a typo in `t('...')` would put "users.list.titel" on a
// page in every language. The catalogue test checks the keys built at run time; this one checks every literal
// key written in the code.
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function hasKey(catalogue: unknown, key: string): boolean {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/** `t('a.b')`, `i18n.t("a.b")` and `i18nKey="a.b"`: the literal keys, with the file they are in. */
function literalKeys(): { key: string; file: string }[] {
  const pattern = /(?:\bt\(\s*|i18nKey=)['"]([a-zA-Z_][\w-]*(?:\.[\w-]+)+)['"]/g;
  return sourceFiles(srcDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => ({
      key: m[1] ?? '',
      file: path.relative(srcDir, file),
    })),
  );
}

describe('translation keys written in the code', () => {
  it('finds the literal keys (the scan itself works)', () => {
    expect(literalKeys().length).toBeGreaterThan(200);
  });

  it('are all in the catalogues', () => {
    const missing = literalKeys().filter(({ key }) => !hasKey(ja, key));
    expect(missing).toEqual([]);
  });
});
