/**
 * The viewer's statistics (packages/domain schemas/statistics.ts): view, spin, interior and hotspot openings, posted
 * to the origin that served the page. sendBeacon survives the page closing; fetch with keepalive is the fallback
 * when the beacon is refused (queue full, or no sendBeacon). No cookie is set or read: the server counts visitors by
 * a keyed hash of its own.
 */

/** STATISTIC_EVENT_PATH of the domain, written here so the exterior bundle does not carry the schemas' zod. */
export const MOMENTS_PATH = '/api/viewer/v0/moments';

export type MomentKind = 'view' | 'spin' | 'interior_open' | 'hotspot_open';

/** Spins are counted once per this long at most: the server caps them per day anyway, a drag is many turns. */
const SPIN_EVERY_MS = 10_000;

/**
 * `also` hears every moment sent (the dealer's analytics tag gets the same ones the server counts, spins as
 * rarely).
 */
export function moments(shortId: string, nav: Navigator = navigator, also?: (kind: MomentKind) => void) {
  let lastSpin = Number.NEGATIVE_INFINITY;

  function send(kind: MomentKind, hotspotId?: string): void {
    also?.(kind);
    const body = JSON.stringify({ short_id: shortId, kind, ...(hotspotId ? { hotspot_id: hotspotId } : {}) });
    let queued = false;
    try {
      queued = typeof nav.sendBeacon === 'function' && nav.sendBeacon(MOMENTS_PATH, body);
    } catch {
      queued = false;
    }
    if (queued) return;
    void fetch(MOMENTS_PATH, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
    }).catch(() => undefined);
  }

  return {
    view: () => send('view'),
    spin: () => {
      const now = Date.now();
      if (now - lastSpin < SPIN_EVERY_MS) return;
      lastSpin = now;
      send('spin');
    },
    interior: () => send('interior_open'),
    hotspot: (id: string) => send('hotspot_open', /^\d+$/.test(id) ? id : undefined),
  };
}
export type Moments = ReturnType<typeof moments>;
