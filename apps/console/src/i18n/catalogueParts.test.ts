import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PARTS, type CataloguePart, cataloguePart, partOf, partsOfSection } from './catalogueParts.ts';
import { mergeParts } from './i18n.ts';
import ja from './ja.json';

// A page draws once the catalogue parts its route names have arrived (router.tsx): a text of another part would
// show as a raw key. These tests follow the code each page loads and check every catalogue key written in it.
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = new Set(Object.keys(ja));
const STATIC_IMPORT = /^(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+\.tsx?)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+\.tsx?)['"]\s*\)/g;
// `'section.group...'`, also in a template; a group starting with `$` is built at run time (`domains.${name}`).
const KEY = /['"`]([a-zA-Z]+)\.([a-zA-Z_$][\w$]*)/g;

/** The console files an entry brings: its static imports, and with `dynamic` what it loads later too. */
function reachedFiles(entries: readonly string[], dynamic: boolean): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const pattern of dynamic ? [STATIC_IMPORT, DYNAMIC_IMPORT] : [STATIC_IMPORT]) {
      for (const m of text.matchAll(pattern)) visit(path.resolve(path.dirname(file), m[1] ?? ''));
    }
  };
  for (const entry of entries) visit(path.join(srcDir, entry));
  return [...seen];
}

/** The table of parts names sections as data: it shows none of them. */
const PARTS_TABLE = path.join(srcDir, 'i18n/catalogueParts.ts');

/** Each catalogue key the files name that no loaded part holds, as `file: key`. */
function keysOutside(files: readonly string[], loaded: ReadonlySet<CataloguePart>): string[] {
  return files
    .filter((file) => file !== PARTS_TABLE)
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(KEY)].flatMap(([, section = '', group = '']) => {
        if (!SECTIONS.has(section)) return [];
        const needed = group.startsWith('$') ? partsOfSection(section) : [partOf(section, group)];
        const missing = needed.filter((part) => !loaded.has(part));
        return missing.length > 0
          ? [`${path.relative(srcDir, file)}: ${section}.${group} (${missing.join(', ')})`]
          : [];
      }),
    );
}

interface RoutePage {
  module: string;
  parts: CataloguePart[];
}

/** The pages the router loads through page(), each with the catalogue parts it names (general if none). */
function routePages(): RoutePage[] {
  const router = ['app/router.tsx', 'app/builtScreens.ts']
    .map((file) => readFileSync(path.join(srcDir, file), 'utf8'))
    .join('\n');
  // page(load, 'Export', parts?): the parts a list, or a list named in the same file (`const X = [...]`).
  const calls = /\bpage\(\s*\(\) => import\('([^']+)'\),\s*'\w+',?\s*(?:(?:\[([^\]]*)\]|([A-Z_]+)),?\s*)?\)/g;
  const named = new Map(
    [...router.matchAll(/\bconst ([A-Z_]+) = \[([^\]]*)\]/g)].map(([, name, list]) => [name, list]),
  );
  const pages = [...router.matchAll(calls)].map(([, module = '', list, name]) => {
    const parts = name === undefined ? list : named.get(name);
    if (name !== undefined) expect(parts, `the parts named ${name}`).toBeDefined();
    return {
      module: path.join('app', module),
      parts:
        parts === undefined
          ? (['general'] as CataloguePart[])
          : [...parts.matchAll(/'(\w+)'/g)].map(([, part]) => part as CataloguePart),
    };
  });
  // Every call is read: one written another way would escape the check.
  const written = router.split('\n').filter((line) => /\bpage\(/.test(line) && !/^\s*(?:\*|\/\/)/.test(line));
  expect(pages).toHaveLength(written.length);
  return pages;
}

describe('catalogue parts', () => {
  it('puts every text in exactly one part', () => {
    const parts = CATALOGUE_PARTS.map((part) => cataloguePart(ja, part));
    expect(mergeParts(parts)).toEqual(ja);
    const texts = (part: Record<string, unknown>) =>
      Object.entries(part).flatMap(([section, body]) =>
        Object.keys(body as Record<string, unknown>).map((group) => `${section}.${group}`),
      );
    const all = parts.flatMap(texts);
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(cataloguePart(ja, 'general').domains as object)).toEqual(['common']);
  });

  it('has every text the login page shows in the base part', () => {
    // Static imports only: the login page draws before anything it loads later (and that loads with its parts).
    const files = reachedFiles(
      ['main.tsx', 'features/auth/LoginPage.tsx', 'features/auth/DeviceLimitPanel.tsx'],
      false,
    );
    expect(files.map((f) => path.relative(srcDir, f))).toContain('features/auth/LoginForm.tsx');
    expect(keysOutside(files, new Set(['base']))).toEqual([]);
  });

  it("has every text of each page, the layouts included, in the parts the page's route loads", () => {
    const pages = routePages();
    const modules = pages.map((p) => p.module);
    for (const layout of ['app/layouts/MainLayout.tsx', 'app/guards/RequireAuth.tsx', 'features/top/TopPage.tsx']) {
      expect(modules).toContain(layout);
    }
    const outside = pages.flatMap(({ module, parts }) =>
      // Dynamic imports too: a dialog or panel loaded later still shows its texts on this page.
      keysOutside(reachedFiles([module], true), new Set<CataloguePart>(['base', ...parts])).map(
        (key) => `${module} → ${key}`,
      ),
    );
    expect(outside).toEqual([]);
  });

  it('keeps the media editors and the tenancy settings out of the first page and the vehicle list', () => {
    const partsOf = (module: string) => routePages().find((p) => p.module.endsWith(module))?.parts;
    for (const module of ['layouts/MainLayout.tsx', 'top/TopPage.tsx', 'list/ContentListPage.tsx']) {
      expect(partsOf(module)).not.toContain('media');
      expect(partsOf(module)).not.toContain('tenancy');
    }
  });
});
