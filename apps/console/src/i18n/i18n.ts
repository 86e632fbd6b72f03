import { DEFAULT_UI_LOCALE, isSupportedLocale, type Locale, pickLocale, SUPPORTED_LOCALES } from '@spinyard/domain';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from '../lib/cookies.ts';
import { COOKIE_NAMES } from '../lib/storageKeys.ts';
import type { CataloguePart } from './catalogueParts.ts';

/**
 * Each catalogue comes in two chunks, fetched when its language is chosen: the sections the login page needs
 * (catalogueParts.ts) and the rest, which waits until a screen other than the login page opens (router.tsx calls
 * loadFullCatalogue). The login page thus loads one small part of one language, not four catalogues. Static
 * import paths (not a template) so the bundler makes exactly these chunks; without the build's splitting (unit
 * tests) each part is the whole catalogue, which changes nothing.
 */
const LOADERS: Record<Locale, Record<CataloguePart, () => Promise<{ default: Record<string, unknown> }>>> = {
  ja: { base: () => import('./ja.json?part=base'), rest: () => import('./ja.json?part=rest') },
  en: { base: () => import('./en.json?part=base'), rest: () => import('./en.json?part=rest') },
  fr: { base: () => import('./fr.json?part=base'), rest: () => import('./fr.json?part=rest') },
  pt: { base: () => import('./pt.json?part=base'), rest: () => import('./pt.json?part=rest') },
};

export function loadCatalogue(lng: string, part: CataloguePart = 'base'): Promise<ResourceKey> {
  if (!isSupportedLocale(lng)) return Promise.reject(new Error(`No catalogue for the language "${lng}"`));
  return LOADERS[lng][part]().then((module) => module.default);
}

/** Set once a screen needs the whole catalogue: from then on a language change fetches both parts. */
let wholeWanted = false;
const wholeLoaded = new Set<string>();

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _namespace, callback) {
    const parts = [loadCatalogue(lng, 'base'), ...(wholeWanted ? [loadCatalogue(lng, 'rest')] : [])];
    Promise.all(parts).then(
      (loaded) => {
        if (loaded.length > 1) wholeLoaded.add(lng);
        callback(null, Object.assign({}, ...loaded));
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Makes sure the current language's whole catalogue is in before a screen other than the login page renders
 * (router.tsx awaits it with the screen's code).
 */
export async function loadFullCatalogue(): Promise<void> {
  wholeWanted = true;
  await i18nReady;
  // A language change under way may have fetched its base part only: complete that language too.
  const changingTo = (i18n as { isLanguageChangingTo?: string | false }).isLanguageChangingTo;
  const languages = new Set([i18n.language, ...(changingTo ? [changingTo] : [])]);
  await Promise.all(
    [...languages]
      .filter((lng) => !wholeLoaded.has(lng))
      .map(async (lng) => {
        const rest = await loadCatalogue(lng, 'rest');
        i18n.addResourceBundle(lng, 'translation', rest, true, true);
        wholeLoaded.add(lng);
      }),
  );
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
