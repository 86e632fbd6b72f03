import { sessionCache } from './sessionCache.ts';
import { tokens } from './tokens.ts';

type SessionEndedHandler = () => void;

/**
 * What else holds answers of the signed-in user (the query client, which registers itself when it loads: the
 * sign-in page never loads it, so the entry does not carry it).
 */
const forgetters = new Set<() => void>();

/** Registers a store of the user's answers to be emptied whenever the local session is cleared or replaced. */
export function onSessionForgotten(forget: () => void): void {
  forgetters.add(forget);
}

function forgetAnswers(): void {
  for (const forget of forgetters) forget();
}

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
  forgetAnswers();
}

/**
 * What the previous user left in this browser (list conditions, caches), without removing the tokens: a new
 * sign-in writes its token over the old one, so other tabs see one change from user A to user B (the "another
 * user" alert) instead of a sign-out followed by a sign-in.
 */
export function forgetPreviousSession(): void {
  tokens.clearListConditions();
  sessionCache.clear();
  forgetAnswers();
}

/** A 401 ended the session: forget it locally and send the user to sign in again. */
export function endSessionAfterUnauthorized(): void {
  clearLocalSession();
  onSessionEnded();
}
