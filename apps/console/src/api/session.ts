import { queryClient } from './queryClient.ts';
import { sessionCache } from './sessionCache.ts';
import { tokens } from './tokens.ts';

type SessionEndedHandler = () => void;

let onSessionEnded: SessionEndedHandler = () => {
  window.location.assign('/login');
};

/** The app registers how to reach the login page (the router), so the HTTP client stays free of React. */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  onSessionEnded = handler;
}

/** Everything of the signed-in user that lives in this browser: tokens, list conditions, caches. */
export function clearLocalSession(): void {
  tokens.clearAll();
  sessionCache.clear();
  queryClient.clear();
}

/** A 401 ended the session: forget it locally and send the user to sign in again. */
export function endSessionAfterUnauthorized(): void {
  clearLocalSession();
  onSessionEnded();
}
