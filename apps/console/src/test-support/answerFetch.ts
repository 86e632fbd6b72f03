import { afterEach, vi } from 'vitest';

/** One request an API call sent, as the stubbed fetch recorded it. */
export interface Sent {
  url: URL;
  method: string;
  body: unknown;
}

/** Replaces fetch with one answering `status` and `body`, and records what was sent. */
export function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    sent.push({
      url: new URL(input, 'http://console.test'),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

/** Puts the real fetch back after each test of the file that calls it. */
export function restoreFetchAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
