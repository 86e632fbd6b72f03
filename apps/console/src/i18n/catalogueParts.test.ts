import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASE_SECTIONS, cataloguePart } from './catalogueParts.ts';
import ja from './ja.json';

// The login page renders with the base part of the catalogue only: a text of another section there would show as
// a raw key until the rest arrived. This follows the code the login page loads (the static imports from main.tsx,
// the login screen and its device-limit panel) and checks every catalogue key written in it.
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY_POINTS = ['main.tsx', 'features/auth/LoginPage.tsx', 'features/auth/DeviceLimitPanel.tsx'];
const SECTIONS = new Set(Object.keys(ja));

function loginPageFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // Static imports only: what `import()` loads is another chunk, fetched with the whole catalogue.
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+\.tsx?)['"]/gm)) {
      visit(path.resolve(path.dirname(file), m[1] ?? ''));
    }
  };
  for (const entry of ENTRY_POINTS) visit(path.join(srcDir, entry));
  return [...seen];
}

describe('catalogue parts', () => {
  it('puts every section in exactly one part', () => {
    const base = cataloguePart(ja, 'base');
    const rest = cataloguePart(ja, 'rest');
    expect(Object.keys(base).sort()).toEqual([...BASE_SECTIONS].sort());
    expect({ ...base, ...rest }).toEqual(ja);
    expect(Object.keys(base).some((section) => section in rest)).toBe(false);
  });

  it('has every text the login page shows in the base part', () => {
    const files = loginPageFiles();
    expect(files.map((f) => path.relative(srcDir, f))).toContain('features/auth/LoginForm.tsx');
    const outside = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z_$]/g)]
        .map((m) => m[1] ?? '')
        .filter((section) => SECTIONS.has(section) && !BASE_SECTIONS.has(section))
        .map((section) => `${path.relative(srcDir, file)}: ${section}`),
    );
    expect(outside).toEqual([]);
  });
});
