import { DEFAULT_UI_LOCALE, type Locale } from '@spinyard/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';
import ja from './ja.json';
import pt from './pt.json';

export const CATALOGUES: Record<Locale, typeof ja> = { ja, en, fr, pt };

/**
 * One i18next instance for React and for code outside React (the HTTP client's messages). The catalogues are
 * bundled, so initialisation is synchronous and the first render is already translated.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, translation]) => [lng, { translation }])),
  lng: DEFAULT_UI_LOCALE,
  fallbackLng: DEFAULT_UI_LOCALE,
  initAsync: false,
  // React escapes what it renders; escaping here too would show "&amp;" in company names.
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
