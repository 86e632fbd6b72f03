import type { CDPSession, Page } from 'playwright-core';

/**
 * What the viewer benchmark reads inside the page, installed before any of the page's own script runs (Playwright's
 * init script), the same for both viewers so each pays the same small cost; and the throttling and the drag, sent
 * through the Chrome DevTools Protocol.
 */

export interface Probe {
  /** Ours: the server's first-frame picture painted (its largest-contentful-paint entry's render time). */
  firstFramePaint: number | null;
  /**
   * The animation frame that paints the first picture (at least 200 px wide) drawn on a canvas by script, and the
   * first sharp one (at least 1000 px wide: a display-size frame, not a 240 px thumbnail scaled up).
   */
  firstCanvasPaint: number | null;
  firstSharpCanvasPaint: number | null;
  /** Ours: `.spin-surface` got `data-ready="true"`; cloudimage: its onReady callback (all images loaded). */
  ready: number | null;
  /** Frames shown while dragging: ours from `data-frame`, cloudimage from its onSpin callback. */
  visited: Set<number>;
  /** requestAnimationFrame intervals while `recording`. */
  deltas: number[];
  recording: boolean;
}

declare global {
  interface Window {
    __bench: Probe;
  }
}

/**
 * Added before `installProbe`: tsx compiles the functions sent to the page with esbuild's keepNames, whose
 * `__name` helper they then call in the page, where it does not exist.
 */
export const KEEP_NAMES_SHIM = 'window.__name = window.__name || ((f) => f);';

/** Runs in the page before its own scripts (times are `performance.now()`: ms since the navigation started). */
export function installProbe(): void {
  const probe: Probe = {
    firstFramePaint: null,
    firstCanvasPaint: null,
    firstSharpCanvasPaint: null,
    ready: null,
    visited: new Set(),
    deltas: [],
    recording: false,
  };
  window.__bench = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        if (probe.firstFramePaint === null && entry.element?.id === 'first-frame') {
          probe.firstFramePaint = entry.renderTime || entry.startTime;
        }
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // No LCP in this browser: the figure stays empty and the table says so.
  }
  // A canvas has no paint entry: the first picture drawn on one (or sent to a worker to draw), and the animation
  // frame after it, whose rendering step shows the canvas.
  let drawn = false;
  let drawnSharp = false;
  const drew = (width: number) => {
    if (width >= 200 && !drawn) {
      drawn = true;
      requestAnimationFrame(() => {
        probe.firstCanvasPaint = performance.now();
      });
    }
    if (width >= 1000 && !drawnSharp) {
      drawnSharp = true;
      requestAnimationFrame(() => {
        probe.firstSharpCanvasPaint = performance.now();
      });
    }
  };
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    if (!drawnSharp) {
      const source = args[0] as { width?: number; naturalWidth?: number };
      drew(source.naturalWidth ?? source.width ?? 0);
    }
    return (drawImage as (...a: unknown[]) => void).apply(this, args);
  } as typeof drawImage;
  // Cloudimage draws in a worker on an OffscreenCanvas: what the page sees is the picture it sends there.
  const postMessage = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
    const message = args[0] as { action?: string; imageData?: { bitmapImage?: { width?: number } } } | undefined;
    if (!drawnSharp && message?.action === 'drawImageOnCanvas') drew(message.imageData?.bitmapImage?.width ?? 0);
    return (postMessage as (...a: unknown[]) => void).apply(this, args);
  } as typeof postMessage;
  new MutationObserver((records) => {
    for (const record of records) {
      const el = record.target as Element;
      if (record.attributeName === 'data-ready' && el.getAttribute('data-ready') === 'true') {
        probe.ready ??= performance.now();
      }
      if (record.attributeName === 'data-frame') probe.visited.add(Number(el.getAttribute('data-frame')));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready', 'data-frame'] });
}

/** The network: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency, no HTTP cache. */
export const THROTTLE = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

export async function throttle(cdp: CDPSession, on: boolean): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send(
    'Network.emulateNetworkConditions',
    on ? { offline: false, ...THROTTLE } : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DragResult {
  /** rAF intervals (ms) from the press to the release. */
  deltas: number[];
  visited: number;
  moves: number;
}

/**
 * Drags across the spin with the left button held: from 10 % to 90 % of its width and back, 4 px a move, a move
 * every 8 ms (a 125 Hz mouse), until every frame was shown or after four passes. Frame times are the intervals of
 * a requestAnimationFrame loop running from just before the press to the release.
 */
export async function dragAcross(page: Page, cdp: CDPSession, selector: string, frames: number): Promise<DragResult> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`nothing to drag: ${selector}`);
  const y = Math.round(box.y + box.height / 2);
  const from = Math.round(box.x + box.width * 0.1);
  const to = Math.round(box.x + box.width * 0.9);
  await page.evaluate(() => {
    const probe = window.__bench;
    probe.visited.clear();
    probe.deltas = [];
    probe.recording = true;
    let last: number | undefined;
    const loop = (t: number) => {
      if (last !== undefined) probe.deltas.push(t - last);
      last = t;
      if (probe.recording) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  const mouse = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: 'left',
      buttons: type === 'mouseReleased' ? 0 : 1,
      clickCount: type === 'mouseMoved' ? 0 : 1,
    });
  await mouse('mouseMoved', from);
  await mouse('mousePressed', from);
  let moves = 0;
  let x = from;
  for (let pass = 0; pass < 4; pass++) {
    const target = pass % 2 === 0 ? to : from;
    const step = target > x ? 4 : -4;
    while (Math.abs(target - x) >= 4) {
      x += step;
      await mouse('mouseMoved', x);
      moves++;
      await sleep(8);
    }
    const seen = await page.evaluate(() => window.__bench.visited.size);
    if (seen >= frames) break;
  }
  await mouse('mouseReleased', x);
  const result = await page.evaluate(() => {
    const probe = window.__bench;
    probe.recording = false;
    return { deltas: probe.deltas, visited: probe.visited.size };
  });
  return { ...result, moves };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};
