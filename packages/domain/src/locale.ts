import { DEFAULT_UI_LOCALE, type Locale, UI_LOCALES } from './constants.ts';

/** Locales the console ships catalogues for; ja is the default. */
export const SUPPORTED_LOCALES: readonly Locale[] = UI_LOCALES;

/** The locale the console falls back to when the browser asks only for languages we do not ship. */
export const FALLBACK_LOCALE: Locale = 'en';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The primary subtag of a BCP 47 tag, lower-cased: `pt-BR` gives `pt`, `ja_JP` gives `ja`. */
function primaryTag(tag: string): string {
  return tag.trim().split(/[-_]/, 1)[0]?.toLowerCase() ?? '';
}

/**
 * The UI locale for a visit.
 *
 * The spec says "chosen from the browser, falling back to English and then Japanese", and that Japanese is the
 * default. We read it as:
 * 1. a stored choice (the locale cookie) wins when it names a supported locale;
 * 2. else the first browser language whose primary subtag we support (`fr-CA` gives fr);
 * 3. else, when the browser states languages but none is supported, English: a visitor whose browser asks for,
 *    say, German more likely reads English than Japanese;
 * 4. else (the browser states no language at all, as with some bots and privacy modes) the default, Japanese:
 *    the product's home market.
 */
export function pickLocale(cookieValue: string | undefined, browserLanguages: readonly string[]): Locale {
  const fromCookie = cookieValue?.trim().toLowerCase();
  if (isSupportedLocale(fromCookie)) return fromCookie;
  const stated = browserLanguages.filter((l) => l.trim() !== '');
  for (const lang of stated) {
    const primary = primaryTag(lang);
    if (isSupportedLocale(primary)) return primary;
  }
  return stated.length > 0 ? FALLBACK_LOCALE : DEFAULT_UI_LOCALE;
}
