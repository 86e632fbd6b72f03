import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { repoRoot, startServer } from '../e2e/harness/server.ts';

/**
 * Prints the JavaScript each console page makes the browser load from a cold cache, gzipped: the sign-in page,
 * the first page after sign-in, the vehicle list and the user list. The real `spinyard serve` with a built
 * console, Debian's Chromium, every script response of the page counted once.
 *
 *   node --import tsx bench/console-bundle.ts [console build folder]   (default apps/console/dist)
 *   BENCH_VERBOSE=1 also lists each script with its gzipped size.
 *
 * Sizes are gzip (level 9) of each script's body, so the figure does not depend on whether the server compresses.
 * A figure, not a test: it never fails on size.
 */

interface Loaded {
  /** Each script's path and gzipped size, largest first. */
  scripts: { url: string; gzip: number }[];
  files: number;
  raw: number;
  gzip: number;
}

function countScripts(page: Page): () => Promise<Loaded> {
  const pending: Promise<{ url: string; raw: number; gzip: number } | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined),
    );
  });
  return async () => {
    const seen = new Map<string, { raw: number; gzip: number }>();
    for (const entry of await Promise.all(pending)) if (entry) seen.set(entry.url, entry);
    const sizes = [...seen.values()];
    const scripts = [...seen].map(([url, s]) => ({ url: new URL(url).pathname, gzip: s.gzip }));
    return {
      scripts: scripts.sort((a, b) => b.gzip - a.gzip),
      files: sizes.length,
      raw: sizes.reduce((sum, s) => sum + s.raw, 0),
      gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
    };
  };
}

async function measure(context: BrowserContext, url: string, ready: string): Promise<Loaded> {
  const page = await context.newPage();
  const loaded = countScripts(page);
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const result = await loaded();
  await page.close();
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/console/dist'));

/** The pages measured: where each opens, what shows once it is ready, whether it opens signed in. */
const PAGES = [
  { name: 'sign-in page (/login)', path: '/login', ready: 'input[name="username"]', signedIn: false },
  { name: 'first page after sign-in (/top)', path: '/top', ready: '#top-quick-links', signedIn: true },
  {
    name: 'vehicle list (/contents/list)',
    path: '/contents/list',
    ready: '[data-testid="content-sort"]',
    signedIn: true,
  },
  {
    name: 'user list (/subordinate/list)',
    path: '/subordinate/list',
    ready: '[data-testid="user-sort"]',
    signedIn: true,
  },
] as const;

const server = await startServer({ env: { SPINYARD_CONSOLE_DIST: dist } });
const browser = await launchBrowser();
try {
  const base = server.baseUrl;
  const storage = await signIn(browser, base);
  process.stdout.write(`console build: ${dist}\n`);
  for (const page of PAGES) {
    // A fresh context per page: nothing is cached from another page. A signed-in page starts with the storage of
    // a signed-in tab, so it opens as a returning user's cold start.
    const context = await newContext(browser, { baseUrl: base, locale: 'ja-JP' });
    if (page.signedIn) {
      await context.addInitScript((state: Record<string, string>) => {
        for (const [key, value] of Object.entries(state))
          if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      }, storage);
    }
    const value = await measure(context, page.path, page.ready);
    await context.close();
    process.stdout.write(`${page.name}: ${value.files} scripts, ${kb(value.raw)} raw, ${kb(value.gzip)} gzipped\n`);
    // BENCH_VERBOSE=1 lists every script, to see what a page pulls in.
    if (process.env.BENCH_VERBOSE === '1') {
      for (const script of value.scripts) process.stdout.write(`  ${kb(script.gzip).padStart(9)}  ${script.url}\n`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

/** Signs the seeded master in once and returns the tab's local storage (its tokens). */
async function signIn(browser: Browser, base: string): Promise<Record<string, string>> {
  const context = await newContext(browser, { baseUrl: base, locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(server.adminEmail);
  await page.locator('input[name="password"]').fill(server.adminPassword);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
  const storage = await signedInStorage(context, base);
  await context.close();
  return storage;
}

/** The local storage of a signed-in tab, so another context starts signed in without its cache. */
async function signedInStorage(context: BrowserContext, base: string): Promise<Record<string, string>> {
  const state = await context.storageState();
  const origin = state.origins.find((o) => o.origin === new URL(base).origin);
  return Object.fromEntries((origin?.localStorage ?? []).map((item) => [item.name, item.value]));
}
