import { readCookie, writeCookie } from '../lib/cookies.ts';
import { COOKIE_NAMES } from '../lib/storageKeys.ts';
import { i18n } from './i18n.ts';
import { isLocale, type Locale, pickLocale } from './pickLocale.ts';

/** Second document, section 9: the language choice is kept for 1 day. */
const LOCALE_COOKIE_DAYS = 1;

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : 'ja';
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale;
}

/** At start: the cookie, then the browser's languages. */
export function startLocale(): void {
  const locale = pickLocale(readCookie(COOKIE_NAMES.locale), navigator.languages ?? [navigator.language]);
  void i18n.changeLanguage(locale);
  applyToDocument(locale);
}

/** A choice made in the language switcher: remembered in the cookie and reflected in `<html lang>`. */
export function chooseLocale(locale: Locale): void {
  writeCookie(COOKIE_NAMES.locale, locale, LOCALE_COOKIE_DAYS);
  void i18n.changeLanguage(locale);
  applyToDocument(locale);
}
