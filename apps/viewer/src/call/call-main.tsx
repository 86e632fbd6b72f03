import { createRoot } from 'react-dom/client';
import { I18nContext, translator, viewerLocale } from '../i18n/i18n.ts';
import { guardStorage } from '../storage.ts';
import { CallApp } from './CallApp.tsx';
import { callTranslator } from './words.ts';
import '../styles.css';
// The interior's panorama takes its size from here: without it the shared interior had no height at all.
import '../below-stage.css';
import './call.css';

// The interior (Photo Sphere Viewer) reads storage: a browser that refuses it must not break the shared view.
guardStorage();
const locale = viewerLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = locale;
const t = callTranslator(locale);
document.title = t('title');
// The link's token is in the fragment (`/call#token`): a fragment never reaches a server, a log or a Referer.
const token = decodeURIComponent(location.hash.slice(1));
const mount = document.getElementById('call');
if (mount) {
  // No StrictMode: its double effects would close the camera the call has just opened.
  createRoot(mount).render(
    <I18nContext.Provider value={{ locale, t: translator(locale) }}>
      {token ? (
        <CallApp token={token} lang={locale} t={t} />
      ) : (
        <main className="call-notice">
          <h1>{t('title')}</h1>
          <p role="alert">{t('no_link')}</p>
        </main>
      )}
    </I18nContext.Provider>,
  );
}
