import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { I18nContext, translator, viewerLocale } from './i18n/i18n.ts';
import { readPageData } from './page-data.ts';
import { guardStorage } from './storage.ts';
import './styles.css';
import './below-stage.css';
import './embed.css';

// First: a frame whose storage the browser refuses must not break what reads it later (the interior).
guardStorage();
const data = readPageData();
const locale = viewerLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = locale;
const stage = document.getElementById('stage');
const mount = document.getElementById('stage-ui');
const below = document.getElementById('viewer-more');
if (data && stage && mount && below) {
  createRoot(mount).render(
    <StrictMode>
      <I18nContext.Provider value={{ locale, t: translator(locale) }}>
        <App data={data} stage={stage} below={below} />
      </I18nContext.Provider>
    </StrictMode>,
  );
}
