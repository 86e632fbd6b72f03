/**
 * Local adapter until `@spinyard/domain` exports `pickLocale` and `SUPPORTED_LOCALES` (first document, section 1):
 * a supported cookie wins; otherwise the first supported browser language; a browser that names only other
 * languages gets English; with no browser language at all the console stays in Japanese, the default.
 */
export const SUPPORTED_LOCALES = ['ja', 'en', 'fr', 'pt'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** `pt-BR` → `pt`, `JA` → `ja`; the catalogues are per language, not per region. */
function languageOf(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function pickLocale(cookieValue: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const language = languageOf(tag);
    if (isLocale(language)) return language;
  }
  return browserLanguages.some((tag) => tag.trim() !== '') ? 'en' : DEFAULT_LOCALE;
}
