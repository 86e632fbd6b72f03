import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startLocale } from './i18n/locale.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first paint waits for the page's catalogue (one language, fetched on its own), so no raw key ever shows.
void startLocale().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
