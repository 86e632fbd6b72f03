/** Where a visitor wanted to go before being sent to sign in; kept in the router's location state. */
export interface ReturnState {
  from?: string;
}

// Pages that must not be returned to after signing in: they would sign out again or loop.
const NEVER_RETURN_TO = ['/login', '/logout', '/payment-failure'];

/**
 * The path to open after sign-in: the remembered one when it is a local path of this console, else /top.
 * Rejecting "//host" and schemes keeps the login page from becoming an open redirect.
 */
export function returnPathFrom(state: unknown, fallback = '/top'): string {
  const from = typeof state === 'object' && state !== null ? (state as ReturnState).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return fallback;
  }
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (NEVER_RETURN_TO.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return fallback;
  return from;
}
