import {
  DEFAULT_UI_LOCALE,
  isSupportedLocale,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  type Locale,
  pickLocale,
} from '@spinyard/domain';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import { COOKIE_NAMES } from '../lib/storageKeys.ts';
import { i18n } from './i18n.ts';

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLocale(lng) ? lng : DEFAULT_UI_LOCALE;
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale;
}

/** At start: the cookie, then the browser's languages (first document, section 1). */
export function startLocale(): void {
  const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const locale = pickLocale(readCookie(COOKIE_NAMES.locale), browserLanguages);
  void i18n.changeLanguage(locale);
  applyToDocument(locale);
}

/** A choice made in the language switcher: remembered in the cookie for a day and reflected in `<html lang>`. */
export function chooseLocale(locale: Locale): void {
  writeCookie(COOKIE_NAMES.locale, locale, LOCALE_COOKIE_MAX_AGE_DAYS);
  void i18n.changeLanguage(locale);
  applyToDocument(locale);
}
