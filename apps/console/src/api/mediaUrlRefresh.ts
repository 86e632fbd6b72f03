import type { QueryClient } from '@tanstack/react-query';

/**
 * A vehicle's media reach the console as signed URLs that expire (30 to 40 minutes after the answer: the server's
 * platform/storage/signed-urls.ts), since an `<img>` cannot send the access token. A page left open longer would
 * then fail to load a picture it had not loaded yet (another frame, a zoom), so the answers that hold such URLs are
 * asked again before they expire, and only those on screen.
 */

const SIGNED_EXPIRY = /\/svnmedia\/[^"?]+\?exp=(\d+)&sig=/g;

/** How often the answers on screen are looked at. */
export const MEDIA_URL_CHECK_MS = 5 * 60_000;
/** An answer whose first URL expires within this is asked again. */
export const MEDIA_URL_MARGIN_MS = 15 * 60_000;

/** The earliest expiry (ms since the epoch) of a signed media URL in an answer, or null when it holds none. */
export function earliestMediaExpiry(data: unknown): number | null {
  if (data === undefined || data === null) return null;
  let earliest: number | null = null;
  for (const match of JSON.stringify(data).matchAll(SIGNED_EXPIRY)) {
    const ms = Number(match[1]) * 1000;
    if (earliest === null || ms < earliest) earliest = ms;
  }
  return earliest;
}

/** Refetches the answers on screen whose signed media URLs expire within the margin. */
export function refreshExpiringMediaUrls(client: QueryClient, nowMs: number): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      if (query.getObserversCount() === 0) return false;
      const expiry = earliestMediaExpiry(query.state.data);
      return expiry !== null && expiry - nowMs < MEDIA_URL_MARGIN_MS;
    },
  });
}

/** Starts the check; answers the function that stops it. */
export function startMediaUrlRefresh(client: QueryClient): () => void {
  const timer = setInterval(() => void refreshExpiringMediaUrls(client, Date.now()), MEDIA_URL_CHECK_MS);
  return () => clearInterval(timer);
}
