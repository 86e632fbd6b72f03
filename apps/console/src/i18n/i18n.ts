import { DEFAULT_UI_LOCALE, isSupportedLocale, type Locale, pickLocale, SUPPORTED_LOCALES } from '@spinyard/domain';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from '../lib/cookies.ts';
import { COOKIE_NAMES } from '../lib/storageKeys.ts';
import type { CataloguePart } from './catalogueParts.ts';

type Texts = Record<string, unknown>;
type PartLoaders = Record<string, () => Promise<Texts>>;

const isTexts = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each catalogue comes in parts by screen area (catalogueParts.ts), each its own chunk: the sign-in page fetches
 * the base part of its one language, every other page the parts its route names too (router.tsx awaits
 * loadCatalogueParts with the page's code). One glob per part, with literal arguments, so the bundler makes
 * exactly these chunks; without the build's splitting (unit tests) each part is the whole catalogue, which changes
 * nothing.
 */
const LOADERS: Record<CataloguePart, PartLoaders> = {
  base: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=base', import: 'default' }),
  general: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=general', import: 'default' }),
  account: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=account', import: 'default' }),
  users: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=users', import: 'default' }),
  tenancy: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=tenancy', import: 'default' }),
  vehicles: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=vehicles', import: 'default' }),
  vehicleEditing: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=vehicleEditing', import: 'default' }),
  media: import.meta.glob<Texts>('./{ja,en,fr,pt}.json', { query: '?part=media', import: 'default' }),
};

export function loadCatalogue(lng: string, part: CataloguePart = 'base'): Promise<ResourceKey> {
  const load = isSupportedLocale(lng) ? LOADERS[part][`./${lng}.json`] : undefined;
  if (!load) return Promise.reject(new Error(`No catalogue for the language "${lng}"`));
  return load();
}

/** Parts put back together: the groups of a section split between parts (catalogueParts.ts) in one object. */
export function mergeParts(parts: readonly Texts[]): Texts {
  const merged: Texts = {};
  for (const part of parts) {
    for (const [section, texts] of Object.entries(part)) {
      const before = merged[section];
      merged[section] = isTexts(before) && isTexts(texts) ? { ...before, ...texts } : texts;
    }
  }
  return merged;
}

/** The parts some page has asked for so far: a language chosen later is fetched with all of them. */
const wanted = new Set<CataloguePart>(['base']);
/** Each language's parts, fetched or on the way, fetched once. */
const fetched = new Map<string, Promise<Texts>>();
/** Each language's parts that have arrived. */
const arrived = new Map<string, Map<CataloguePart, Texts>>();

function fetchPart(lng: string, part: CataloguePart): Promise<Texts> {
  const key = `${lng}:${part}`;
  let texts = fetched.get(key);
  if (!texts) {
    texts = loadCatalogue(lng, part).then((loaded) => {
      const parts = arrived.get(lng) ?? new Map<CataloguePart, Texts>();
      parts.set(part, loaded as Texts);
      arrived.set(lng, parts);
      return loaded as Texts;
    });
    // A failed fetch is not remembered: the next page asking for the part tries again.
    texts.catch(() => fetched.delete(key));
    fetched.set(key, texts);
  }
  return texts;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _namespace, callback) {
    Promise.all([...wanted].map((part) => fetchPart(lng, part))).then(
      // i18next puts what a read returns over the language's bundle section by section, so the answer holds every
      // part that has arrived by now, also one a page added meanwhile (loadCatalogueParts): a split section
      // (`domains`) must come whole.
      () => callback(null, mergeParts([...(arrived.get(lng)?.values() ?? [])])),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Makes sure the current language has the given parts of its catalogue before a page renders (router.tsx awaits
 * it with the page's code), and that a language chosen later is fetched with them.
 */
export async function loadCatalogueParts(parts: readonly CataloguePart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  await i18nReady;
  // A language change under way may have fetched the parts wanted before: complete that language too.
  const changingTo = (i18n as { isLanguageChangingTo?: string | false }).isLanguageChangingTo;
  const languages = new Set([i18n.language, ...(changingTo ? [changingTo] : [])]);
  await Promise.all(
    [...languages].flatMap((lng) =>
      parts.map(async (part) => {
        const texts = await fetchPart(lng, part);
        i18n.addResourceBundle(lng, 'translation', texts, true, true);
      }),
    ),
  );
}

/** The whole catalogue of the current language (tests that render a screen's texts). */
export function loadFullCatalogue(): Promise<void> {
  return loadCatalogueParts(Object.keys(LOADERS) as CataloguePart[]);
}

/** The page's language at start: the cookie, then the browser's languages (first document, section 1). */
export function startingLocale(): Locale {
  // Unit tests run without a DOM: they start in the default language and switch with changeLanguage.
  if (typeof document === 'undefined' || typeof navigator === 'undefined') return DEFAULT_UI_LOCALE;
  const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(readCookie(COOKIE_NAMES.locale), browserLanguages);
}

/**
 * One i18next instance for React and for code outside React (the HTTP client's messages). It starts in the
 * page's language; `i18nReady` resolves once that catalogue is in, and main.tsx renders only then, so no raw key
 * ever shows. A language chosen later is fetched first and switched to when it has arrived.
 */
export const i18n = i18next.createInstance();

export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: startingLocale(),
    supportedLngs: [...SUPPORTED_LOCALES],
    // Every catalogue has every key (catalogues.test.ts), so no second language is fetched as a fallback.
    fallbackLng: false,
    load: 'currentOnly',
    // React escapes what it renders; escaping here too would show "&amp;" in company names.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
