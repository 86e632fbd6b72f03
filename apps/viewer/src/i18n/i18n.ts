import { createContext, useContext } from 'react';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { type Catalogue, ja } from './ja.ts';
import { pt } from './pt.ts';

export type ViewerLocale = 'ja' | 'en' | 'fr' | 'pt';
export const CATALOGUES: Readonly<Record<ViewerLocale, Catalogue>> = { ja, en, fr, pt };
export type MessageKey = keyof Catalogue;

/** The first of the browser's languages the viewer speaks (`pt-BR` is pt), else Japanese: the dealers' market. */
export function viewerLocale(languages: readonly string[]): ViewerLocale {
  for (const tag of languages) {
    const primary = tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
    if (primary in CATALOGUES) return primary as ViewerLocale;
  }
  return 'ja';
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale: ViewerLocale): Translate {
  const catalogue = CATALOGUES[locale];
  return (key, params) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}

export const I18nContext = createContext<{ locale: ViewerLocale; t: Translate }>({ locale: 'ja', t: translator('ja') });
export const useI18n = () => useContext(I18nContext);
