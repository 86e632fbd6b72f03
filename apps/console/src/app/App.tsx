import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setSessionEndedHandler } from '../api/session.ts';
import { sessionCache } from '../api/sessionCache.ts';
import { AppProviders } from './AppProviders.tsx';
import { router } from './router.tsx';

/**
 * The session cache is cleared when the page goes away (second document, section 9), so a reopened console
 * never starts from another moment's profile.
 */
function useClearCacheOnPageHide(): void {
  useEffect(() => {
    const clear = () => sessionCache.clear();
    window.addEventListener('pagehide', clear);
    return () => window.removeEventListener('pagehide', clear);
  }, []);
}

export function App() {
  useClearCacheOnPageHide();
  useEffect(() => {
    // A 401 anywhere ends the session; the user comes back to the same screen after signing in again.
    setSessionEndedHandler(() => {
      const { pathname, search, hash } = window.location;
      void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } });
    });
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
