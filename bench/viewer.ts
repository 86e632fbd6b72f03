import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/harness/browser.ts';
import { repoRoot } from '../e2e/harness/server.ts';
import { dragAcross, installProbe, KEEP_NAMES_SHIM, percentile, THROTTLE, throttle } from './viewer-probe.ts';
import { COMPARE_PAGE, type PublishedSpin, publishSpin, startBenchServer } from './viewer-scene.ts';

/**
 * The public viewer against js-cloudimage-360-view 4.9.5, the same 36 frames from the same server, in Debian's
 * Chromium throttled through CDP (1.6 Mbit/s down, 750 kbit/s up, 150 ms latency, cache disabled), 1280x800, a new
 * browser context per run, the two viewers alternating:
 * 1. first frame visible: ours, the earlier of the largest-contentful-paint render time of the server's
 *    `#first-frame` picture and the animation frame after its script first draws a picture on its canvas (a
 *    thumbnail may come first: ours then hides the page's picture, which may never paint); cloudimage, the
 *    animation frame after it first sends a picture to its drawing worker (it draws on an OffscreenCanvas);
 *    "sharp" is the same for a display-size (1024 px) picture;
 * 2. whole spin draggable: ours, `.spin-surface` gets `data-ready="true"` (every frame of the row has at least its
 *    small picture, decoded); cloudimage, its onReady callback (it emits it once every image is loaded);
 * 3. then the throttling is lifted, so the rest loads quickly (ours: every frame's display size answered, seen in
 *    the resource timing, and the one autoplay turn over), and a drag across all frames at full size: the 95th
 *    percentile of requestAnimationFrame intervals (`dragAcross`);
 * 4. the viewer's scripts an exterior-only vehicle's page loads (unthrottled, counted from the responses, gzipped
 *    at level 9 from the built files), beside cloudimage's bundle and Photo Sphere Viewer's core from node_modules.
 *
 *   node --import tsx bench/viewer.ts [viewer build folder]      (default apps/viewer/dist; npx tsx works too)
 *   BENCH_RUNS=5     runs per viewer
 *
 * Times are ms since the navigation started (the page's performance.now()). A figure, not a test: nothing fails on
 * time. Figures and how they were obtained: docs/operations.md, section "Viewer".
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VIEWPORT = { width: 1280, height: 800 };
const TIMEOUT_MS = 180_000;
const viewerDist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/viewer/dist'));

type Kind = 'spinyard' | 'cloudimage';

interface Run {
  /** The first picture of the spin on screen, sharp or not. */
  firstFrame: number | null;
  /** The first display-size picture on screen. */
  sharpFrame: number | null;
  /** Ours: what showed first, the server's picture in the HTML or the script's canvas. */
  firstBy: string;
  ready: number | null;
  p95: number;
  maxFrame: number;
  frames: number;
  visited: number;
}

const earliest = (...values: (number | null)[]) => {
  const got = values.filter((v): v is number => v !== null);
  return got.length > 0 ? Math.min(...got) : null;
};

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The display size of every frame, as our viewer may ask for it (WebP or JPEG). */
function displayPaths(spin: PublishedSpin): string[][] {
  const frames = spin.manifest.exterior?.rows[0]?.frames ?? [];
  return frames.map((f) => [f.image.renditions.display?.webp ?? '', f.image.renditions.display?.jpeg ?? '']);
}

function compareUrl(base: string, spin: PublishedSpin, width: number): string {
  const frames = spin.manifest.exterior?.rows[0]?.frames ?? [];
  // The same pictures our viewer shows at full size (display, WebP: Chromium reads it, and ours asks for it).
  const urls = frames.map((f) => new URL(f.image.renditions.display?.webp ?? '', base).pathname);
  return `${base}${COMPARE_PAGE}#${encodeURIComponent(JSON.stringify({ urls, width }))}`;
}

async function waitFor(page: Page, what: string, test: () => boolean): Promise<void> {
  try {
    await page.waitForFunction(test, undefined, { timeout: TIMEOUT_MS, polling: 100 });
  } catch (error) {
    throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s (${String(error)})`);
  }
}

async function measure(browser: Browser, kind: Kind, url: string, spin: PublishedSpin): Promise<Run> {
  // reducedMotion off: our viewer's one autoplay turn is part of what a buyer gets (the harness's contexts reduce it).
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', reducedMotion: 'no-preference' });
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, true);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // Ours hides the server's picture once its canvas drew, so that picture may never paint: either counts.
    await waitFor(page, `${kind}: whole spin draggable, first frames painted`, () => {
      const b = window.__bench;
      const sharp = b.firstFramePaint ?? b.firstSharpCanvasPaint;
      return b.ready !== null && sharp !== null && (b.firstFramePaint ?? b.firstCanvasPaint) !== null;
    });
    const probe = await page.evaluate(() => ({ ...window.__bench, visited: 0 }));
    await throttle(cdp, false);
    if (kind === 'spinyard') {
      const wanted = displayPaths(spin);
      await page.waitForFunction(
        (paths: string[][]) => {
          const done = new Set(
            performance
              .getEntriesByType('resource')
              .filter((e) => (e as PerformanceResourceTiming).responseEnd > 0)
              .map((e) => new URL(e.name).pathname),
          );
          return paths.every((p) => p.some((u) => done.has(u)));
        },
        wanted,
        { timeout: TIMEOUT_MS, polling: 250 },
      );
      // The last pictures' decoding, and the one autoplay turn (36 frames at 70 ms) started at "ready".
      await page.waitForFunction((ready: number) => performance.now() > ready + 36 * 70 + 500, probe.ready ?? 0);
    }
    await page.waitForTimeout(500);
    const drag = await dragAcross(page, cdp, kind === 'spinyard' ? '.spin-surface' : '#ci360 canvas', 36);
    const first = earliest(probe.firstFramePaint, probe.firstCanvasPaint);
    return {
      firstFrame: first,
      sharpFrame: earliest(probe.firstFramePaint, probe.firstSharpCanvasPaint),
      firstBy: first === probe.firstFramePaint ? 'picture' : 'canvas',
      ready: probe.ready,
      p95: percentile(drag.deltas, 95),
      maxFrame: Math.max(...drag.deltas),
      frames: drag.deltas.length,
      visited: drag.visited,
    };
  } finally {
    await context.close();
  }
}

/** The stage our viewer lays out at this viewport: cloudimage's box is given the same width. */
async function stageWidth(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(url);
  const box = await page.locator('#stage').boundingBox();
  await context.close();
  return Math.round(box?.width ?? VIEWPORT.width);
}

/** The viewer's scripts the page loads, unthrottled, gzipped (level 9) from the built files the server serves. */
async function viewerScripts(browser: Browser, url: string): Promise<{ files: string[]; gzip: number }> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  const page = await context.newPage();
  const seen = new Set<string>();
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) seen.add(pathname);
  });
  await page.goto(url);
  await page.locator('.spin-surface[data-ready="true"]').waitFor({ timeout: TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...seen].filter((p) => p.startsWith('/viewer/'));
  const gzip = files.reduce((sum, p) => sum + gzipOf(path.join(viewerDist, p.slice('/viewer/'.length))), 0);
  return { files, gzip };
}

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const version = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;

const median = (values: number[]) => percentile(values, 50);
const ms = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(0));
function stat(values: (number | null)[], digits = 0): string {
  const got = values.filter((v): v is number => v !== null && !Number.isNaN(v));
  if (got.length === 0) return 'n/a';
  const f = (v: number) => v.toFixed(digits);
  return `${f(median(got))} (${f(Math.min(...got))}–${f(Math.max(...got))})`;
}

const { server, cleanUp } = await startBenchServer(viewerDist);
let browser: Browser | undefined;
try {
  browser = await launchBrowser();
  log(`\nViewer: our viewer against js-cloudimage-360-view ${version('js-cloudimage-360-view')}, ${RUNS} runs each`);
  log(`viewer build ${viewerDist}`);
  log(`Setting up (load average ${load()})…`);
  const spin = await publishSpin(server);
  const frames = spin.manifest.exterior?.rows[0]?.frames ?? [];
  const bytes = async (tier: 'thumbnail' | 'display', type: 'webp' | 'jpeg') => {
    let total = 0;
    for (const f of frames) {
      const u = f.image.renditions[tier]?.[type];
      if (u) total += (await (await fetch(new URL(u, server.baseUrl))).arrayBuffer()).byteLength;
    }
    return total;
  };
  const display = frames[0]?.image.renditions.display;
  log(`${spin.pageUrl}: ${frames.length} frames, display ${display?.width}x${display?.height}`);
  log(
    `bytes: thumbnails ${((await bytes('thumbnail', 'webp')) / 1000).toFixed(0)} kB WebP, ` +
      `display ${((await bytes('display', 'webp')) / 1000).toFixed(0)} kB WebP ` +
      `(${((await bytes('display', 'jpeg')) / 1000).toFixed(0)} kB JPEG)`,
  );
  const width = await stageWidth(browser, spin.pageUrl);
  const cloudimageUrl = compareUrl(server.baseUrl, spin, width);
  const runs: Record<Kind, Run[]> = { spinyard: [], cloudimage: [] };
  const loads: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternating which goes first, so a change of the machine's load weighs on both alike.
    const order: Kind[] = i % 2 === 0 ? ['spinyard', 'cloudimage'] : ['cloudimage', 'spinyard'];
    for (const kind of order) {
      const run = await measure(browser, kind, kind === 'spinyard' ? spin.pageUrl : cloudimageUrl, spin);
      runs[kind].push(run);
      loads.push(load());
      log(
        `  run ${i + 1} ${kind.padEnd(10)} first frame ${ms(run.firstFrame)} ms (${run.firstBy}), ` +
          `sharp ${ms(run.sharpFrame)} ms, draggable ${ms(run.ready)} ms, ` +
          `drag p95 ${run.p95.toFixed(1)} ms (max ${run.maxFrame.toFixed(0)}, ${run.frames} frames, ` +
          `${run.visited}/36 angles shown)` +
          `  [load ${load()}]`,
      );
    }
  }
  const scripts = await viewerScripts(browser, spin.pageUrl);
  const cloudimageJs = gzipOf(
    path.join(repoRoot, 'node_modules/js-cloudimage-360-view/dist/js-cloudimage-360-view.min.js'),
  );
  const psvJs = gzipOf(path.join(repoRoot, 'node_modules/@photo-sphere-viewer/core/index.module.js'));

  const col = (s: string) => s.padEnd(30);
  const row = (name: string, pick: (r: Run) => number | null, goal: string, digits = 0) =>
    log(
      `${name.padEnd(36)}${col(stat(runs.spinyard.map(pick), digits))}${col(stat(runs.cloudimage.map(pick), digits))}${goal}`,
    );
  log(`\nmedian (min–max) of ${RUNS} runs, ms since navigation start`);
  log(`${''.padEnd(36)}${col('Spinyard viewer')}${col(`cloudimage ${version('js-cloudimage-360-view')}`)}goal`);
  row('1. first frame visible', (r) => r.firstFrame, '< 1000 and before cloudimage');
  row('   first sharp (display-size) frame', (r) => r.sharpFrame, '');
  row('2. whole spin draggable', (r) => r.ready, '< 2500 and before cloudimage');
  row('3. drag, p95 frame time', (r) => r.p95, '≤ 16.7', 1);
  row('   drag, longest frame', (r) => r.maxFrame, '');
  row('   angles shown in the drag', (r) => r.visited, '36');
  log(
    `4. JavaScript, gzipped (kB = 1000 B)   Spinyard viewer ${(scripts.gzip / 1000).toFixed(1)} kB (${scripts.files.length} scripts: ${scripts.files.map((f) => path.basename(f)).join(', ')}); ` +
      `js-cloudimage-360-view ${version('js-cloudimage-360-view')} ${(cloudimageJs / 1000).toFixed(1)} kB; ` +
      `Photo Sphere Viewer core ${version('@photo-sphere-viewer/core')} ${(psvJs / 1000).toFixed(1)} kB (three.js not included)`,
  );
  log(
    `\n${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, Chromium ${browser.version()}, ` +
      `throttled ${(THROTTLE.downloadThroughput * 8) / 1e6} Mbit/s down, ${(THROTTLE.uploadThroughput * 8) / 1e3} kbit/s up, ` +
      `${THROTTLE.latency} ms latency, cache disabled; viewport ${VIEWPORT.width}x${VIEWPORT.height}, stage ${width} px wide`,
  );
  log(`load average after each run: ${loads.join(' | ')}`);
} finally {
  await browser?.close();
  await cleanUp();
}
