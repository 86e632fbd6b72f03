import { Agent, request } from 'node:http';
import type { PublishedManifest } from '@spinyard/domain';
import { percentile } from './viewer-probe.ts';

/**
 * The buyers' side of bench/viewer-load.ts: one GET, what a buyer's page load asks for, and the open-loop round
 * (buyers arriving at a fixed rate, each loading a page as a browser does, then looking at it for a while).
 */

export const BROWSER = 'gzip, deflate, br';

export interface Answer {
  status: number;
  bytes: number;
  encoding: string;
  body?: string;
}

/** One GET; the body is counted, not kept (nor decompressed), unless asked for. */
export function get(agent: Agent, url: string, acceptEncoding: string, keep = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = request(url, { agent, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (keep) chunks.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'none'),
          ...(keep ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a browser asks for to show a vehicle's page until its spin can be turned (apps/viewer/src/spin/frames.ts). */
export interface PageLoad {
  pageUrl: string;
  /** The page's scripts and styles. */
  assets: string[];
  /** The first frame the page shows (display size, WebP), asked for with the scripts. */
  firstFrame: string | undefined;
  /** The small size of every frame of the opening row: once all are in, the spin turns. */
  thumbnails: string[];
}

/** The load of a page, read from its HTML (its assets, and the manifest in its page data). */
export function pageLoadOf(baseUrl: string, pageUrl: string, html: string): PageLoad {
  const assets = [...new Set(html.match(/\/viewer\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])].map((a) => baseUrl + a);
  const data = /<script type="application\/json" id="spinyard-page">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const page = data
    ? (JSON.parse(data) as { manifest: PublishedManifest; start: { row: number; frame: number } })
    : undefined;
  const row = page?.manifest.exterior?.rows[page.start?.row ?? 0]?.frames ?? [];
  const absolute = (url: string | undefined) => (url === undefined ? undefined : new URL(url, baseUrl).href);
  const first = row[page?.start?.frame ?? 0]?.image.renditions.display;
  return {
    pageUrl,
    assets,
    firstFrame: absolute(first?.webp),
    thumbnails: row.flatMap((f) => absolute(f.image.renditions.thumbnail?.webp) ?? []),
  };
}

/** At most `parallel` of `urls` at a time, as a browser asks one host over HTTP/1.1; each timed from its send. */
async function fetchAll(agent: Agent, urls: string[], parallel: number, times: number[], failed: { n: number }) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, urls.length) }, async () => {
      while (next < urls.length) {
        const url = urls[next++] as string;
        const t0 = performance.now();
        const answer = await get(agent, url, BROWSER);
        times.push(performance.now() - t0);
        if (answer.status !== 200) failed.n++;
      }
    }),
  );
}

export interface OpenLoopResult {
  buyers: number;
  requests: number;
  failed: number;
  /** Answer times, ms: the page from the buyer's scheduled arrival, the others from their own send. */
  page: number[];
  assets: number[];
  frames: number[];
  /** From the scheduled arrival to the last thumbnail: the spin can be turned. */
  ready: number[];
  /** Buyers loading at once, at most. */
  loading: number;
}

/**
 * Buyers arriving at a fixed rate (`buyers` looking at a page at once, each `dwellSeconds` on it: a rate of
 * buyers / dwell a second), for `seconds`. Each arrival is scheduled in advance, whatever the server answers, and
 * its page is timed from that scheduled moment, so a slow answer delays no later buyer and hides nothing
 * (no coordinated omission). A buyer opens its own connections (six at most, as a browser), asks for the page,
 * then its scripts and first frame, then the row's small frames, and closes them; then looks, which asks nothing.
 */
export async function openLoop(
  load: PageLoad,
  { buyers, dwellSeconds, seconds }: { buyers: number; dwellSeconds: number; seconds: number },
): Promise<OpenLoopResult> {
  const interval = (dwellSeconds * 1000) / buyers;
  const count = Math.max(1, Math.round((seconds * 1000) / interval));
  const result: OpenLoopResult = {
    buyers: count,
    requests: 0,
    failed: 0,
    page: [],
    assets: [],
    frames: [],
    ready: [],
    loading: 0,
  };
  const failed = { n: 0 };
  let loading = 0;
  const t0 = performance.now() + 50;
  const visit = async (scheduled: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    loading++;
    result.loading = Math.max(result.loading, loading);
    try {
      const page = await get(agent, load.pageUrl, BROWSER);
      result.page.push(performance.now() - scheduled);
      if (page.status !== 200) failed.n++;
      await fetchAll(agent, load.assets, 6, result.assets, failed);
      if (load.firstFrame) await fetchAll(agent, [load.firstFrame], 1, result.frames, failed);
      await fetchAll(agent, load.thumbnails, 6, result.frames, failed);
      result.ready.push(performance.now() - scheduled);
    } finally {
      loading--;
      agent.destroy();
    }
  };
  const visits: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const scheduled = t0 + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    visits.push(visit(scheduled));
  }
  await Promise.all(visits);
  result.failed = failed.n;
  result.requests = result.page.length + result.assets.length + result.frames.length;
  return result;
}

/** A line of figures: p50 and p99 of each kind of answer. */
export function openLoopLine(r: OpenLoopResult): string {
  const pair = (times: number[]) => `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)}`;
  return (
    `page ${pair(r.page)}, scripts ${pair(r.assets)}, frames ${pair(r.frames)}, spin ready ${pair(r.ready)} ms ` +
    `(p50 / p99; ${r.buyers} buyers, ${r.requests} answers${r.failed ? `, ${r.failed} not 200` : ''}, ` +
    `at most ${r.loading} loading at once)`
  );
}
