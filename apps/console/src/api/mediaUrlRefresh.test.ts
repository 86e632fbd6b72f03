import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { earliestMediaExpiry, MEDIA_URL_MARGIN_MS, refreshExpiringMediaUrls } from './mediaUrlRefresh.ts';

const url = (exp: number) => `/svnmedia/contents/7/exterior/${'a'.repeat(64)}.jpg?exp=${exp}&sig=${'x'.repeat(22)}`;

describe('signed media URLs in the console', () => {
  it('finds the earliest expiry of an answer, anywhere in it', () => {
    expect(earliestMediaExpiry({ a: [{ b: url(2000) }, url(1000)], logo: '/svnmedia/images/logos/x.png' })).toBe(
      1_000_000,
    );
    expect(earliestMediaExpiry({ logo: '/svnmedia/images/logos/x.png' })).toBeNull();
    expect(earliestMediaExpiry(undefined)).toBeNull();
  });

  it('asks again only the answers on screen whose URLs expire soon', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const now = 1_700_000_000_000;
    const calls: string[] = [];
    const watch = (key: string, data: unknown) => {
      client.setQueryData([key], data);
      const observer = new QueryObserver(client, {
        queryKey: [key],
        queryFn: async () => {
          calls.push(key);
          return data;
        },
      });
      return observer.subscribe(() => undefined);
    };
    const soon = (now + MEDIA_URL_MARGIN_MS - 60_000) / 1000;
    const later = (now + MEDIA_URL_MARGIN_MS + 60_000) / 1000;
    const stops = [watch('soon', { u: url(soon) }), watch('later', { u: url(later) }), watch('none', { n: 1 })];
    client.setQueryData(['hidden'], { u: url(soon) });
    await refreshExpiringMediaUrls(client, now);
    expect(calls).toEqual(['soon']);
    for (const stop of stops) stop();
  });
});
