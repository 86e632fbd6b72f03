import { DEFAULT_UI_LOCALE, isSupportedLocale, LOCALE_COOKIE_MAX_AGE_DAYS, type Locale } from '@spinyard/domain';
import { writeCookie } from '../lib/cookies.ts';
import { COOKIE_NAMES } from '../lib/storageKeys.ts';
import { i18n, i18nReady } from './i18n.ts';

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLocale(lng) ? lng : DEFAULT_UI_LOCALE;
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale;
}

/** At start: the page's language (cookie, then browser) on `<html lang>`; resolves once its catalogue is in. */
export async function startLocale(): Promise<void> {
  await i18nReady;
  applyToDocument(currentLocale());
}

/**
 * A choice made in the language switcher: remembered in the cookie for a day. The page keeps its language until
 * the new catalogue has arrived, then `<html lang>` follows the texts.
 */
export function chooseLocale(locale: Locale): void {
  writeCookie(COOKIE_NAMES.locale, locale, LOCALE_COOKIE_MAX_AGE_DAYS);
  void i18n.changeLanguage(locale).then(() => applyToDocument(currentLocale()));
}
