import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The console's layers point one way: `app/` (router, layouts, providers) assembles the features, and the
 * features build on `shared/`, `components/`, `api/`, `lib/` and `forms/`. A feature that reaches back up into
 * `app/` ties it to the shell; what two layers share belongs in `shared/`.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = path.join(SRC, 'features');
const APP = path.join(SRC, 'app');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

// Static imports, re-exports, dynamic imports and vi.mock paths: every way a module names another.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The relative imports of one file that resolve into `app/`, as "file: specifier". */
function importsIntoApp(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? '';
    const target = path.resolve(path.dirname(file), specifier);
    if (target === APP || target.startsWith(`${APP}${path.sep}`)) {
      found.push(`${path.relative(SRC, file)} imports ${specifier}`);
    }
  }
  return found;
}

describe('console layers', () => {
  it('finds an import into app/ when there is one (the check below can fail)', () => {
    const file = path.join(FEATURES, 'auth', 'Example.tsx');
    expect(importsIntoApp(file, "import { x } from '../../app/brand.ts';")).toEqual([
      'features/auth/Example.tsx imports ../../app/brand.ts',
    ]);
    expect(importsIntoApp(file, "import { x } from '../../shared/brand.ts';")).toEqual([]);
  });

  it('no feature imports from app/ (move what both use to shared/)', () => {
    const offending = sourceFiles(FEATURES).flatMap((file) => importsIntoApp(file, readFileSync(file, 'utf8')));
    expect(offending, `features must not import from app/:\n${offending.join('\n')}`).toEqual([]);
  });
});
