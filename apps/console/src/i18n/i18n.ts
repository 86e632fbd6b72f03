import { DEFAULT_UI_LOCALE, isSupportedLocale, type Locale, pickLocale, SUPPORTED_LOCALES } from '@spinyard/domain';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from '../lib/cookies.ts';
import { COOKIE_NAMES } from '../lib/storageKeys.ts';

/**
 * Each catalogue is its own chunk, fetched when its language is chosen: the login page loads one language, not
 * four. Static import paths (not a template) so the bundler makes exactly these four chunks.
 */
const CATALOGUE_LOADERS: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
  pt: () => import('./pt.json'),
};

export function loadCatalogue(lng: string): Promise<ResourceKey> {
  if (!isSupportedLocale(lng)) return Promise.reject(new Error(`No catalogue for the language "${lng}"`));
  return CATALOGUE_LOADERS[lng]().then((module) => module.default);
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _namespace, callback) {
    loadCatalogue(lng).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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
