import { useEffect, useState } from 'react';
import { useI18n, type ViewerLocale } from '../i18n/i18n.ts';
import type { labels as jaLabels } from './labels/ja.ts';

export type Labels = typeof jaLabels;

/** Each language's labels in a chunk of its own: a buyer downloads one. */
const LOADERS: Record<ViewerLocale, () => Promise<{ labels: Labels }>> = {
  ja: () => import('./labels/ja.ts'),
  en: () => import('./labels/en.ts'),
  fr: () => import('./labels/fr.ts'),
  pt: () => import('./labels/pt.ts'),
};

/** The buyer's language's labels of fields, panels and symbols; null while they load. */
export function useLabels(): Labels | null {
  const { locale } = useI18n();
  const [labels, setLabels] = useState<Labels | null>(null);
  useEffect(() => {
    let live = true;
    void LOADERS[locale]().then((m) => live && setLabels(m.labels));
    return () => {
      live = false;
    };
  }, [locale]);
  return labels;
}
