import {
  CLIENT_ERROR_KEYS,
  ERROR_CATALOGUE,
  LINK_ERROR_STATES,
  LISTING_SEARCH_CODES,
  MENU,
  type MenuEntry,
  PRIVILEGE_TYPES,
  SIDEBAR_COLOURS,
  SUPPORTED_LOCALES,
} from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { MANUALS } from '../api/manuals.ts';
import { allScreenIds } from '../app/screens.ts';
import en from './en.json';
import fr from './fr.json';
import ja from './ja.json';
import pt from './pt.json';

const CATALOGUES: Record<string, unknown> = { ja, en, fr, pt };

/** Every leaf of a catalogue as `a.b.c` → value. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) {
    out.set(prefix, node);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(CATALOGUES).map(([lng, c]) => [lng, flatten(c)]));
const jaKeys = [...(flat.ja?.keys() ?? [])].sort();

function menuIds(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((e) => [e.id, ...menuIds(e.children ?? [])]);
}

/** Keys the code builds at run time (`t(\`menu.${id}\`)` and the like), so a missing one is caught here. */
const REQUIRED_KEYS = [
  ...Object.keys(ERROR_CATALOGUE).map((code) => `errors.${code}`),
  ...CLIENT_ERROR_KEYS,
  ...LINK_ERROR_STATES.map((state) => `errors.listing.${state}`),
  ...LISTING_SEARCH_CODES.map((code) => `errors.listing_search.${code}`),
  ...menuIds(MENU).map((id) => `menu.${id}`),
  ...MENU.map((entry) => `menuHelp.${entry.id}`),
  ...allScreenIds().map((id) => `screens.${id}`),
  'screens.not_found',
  ...PRIVILEGE_TYPES.map((role) => `roles.${role}`),
  ...SUPPORTED_LOCALES.map((locale) => `language.${locale}`),
  ...SIDEBAR_COLOURS.map((colour) => `layout.colors.${colour}`),
  ...MANUALS.map((name) => `layout.manuals.${name}`),
  ...['required', 'select', 'min_length', 'max_length', 'email', 'format', 'one_of'].map((r) => `validation.${r}`),
];

describe('i18n catalogues', () => {
  it('ships one catalogue per supported locale', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(['en', 'fr', 'pt'])('%s has exactly the keys of ja', (lng) => {
    expect([...(flat[lng]?.keys() ?? [])].sort()).toEqual(jaKeys);
  });

  it.each(Object.keys(CATALOGUES))('%s has no empty or non-string value', (lng) => {
    for (const [key, value] of flat[lng] ?? []) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(Object.keys(CATALOGUES))('%s uses the same interpolation variables as ja', (lng) => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of flat.ja ?? []) {
      expect(vars(flat[lng]?.get(key)), key).toEqual(vars(value));
    }
  });

  it('has every key the code builds at run time', () => {
    const missing = REQUIRED_KEYS.filter((key) => !flat.ja?.has(key));
    expect(missing).toEqual([]);
  });

  it('is translated: French and Portuguese are not left in English', () => {
    const untranslated = (lng: string) =>
      [...(flat.en ?? [])].filter(
        ([key, value]) => flat[lng]?.get(key) === value && String(value).length > 12 && !key.startsWith('language.'),
      );
    expect(untranslated('fr').map(([k]) => k)).toEqual([]);
    expect(untranslated('pt').map(([k]) => k)).toEqual([]);
  });
});
