import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { repoRoot, startServer } from '../e2e/harness/server.ts';

/**
 * Prints the JavaScript the console's login page and user list make the browser load, gzipped: the real
 * `spinyard serve` with a built console, Debian's Chromium, every script response of the page counted once.
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
const server = await startServer({ env: { SPINYARD_CONSOLE_DIST: dist } });
const browser = await launchBrowser();
try {
  const base = server.baseUrl;
  // A fresh context per page: nothing is cached from the other page.
  const loginContext = await newContext(browser, { baseUrl: base, locale: 'ja-JP' });
  const login = await measure(loginContext, '/login', 'input[name="username"]');
  await loginContext.close();

  const listContext = await newContext(browser, { baseUrl: base, locale: 'ja-JP' });
  const signInPage = await listContext.newPage();
  await signInPage.goto('/login');
  await signInPage.locator('input[name="username"]').fill(server.adminEmail);
  await signInPage.locator('input[name="password"]').fill(server.adminPassword);
  await signInPage.locator('button[type="submit"]').click();
  await signInPage.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
  const storage = await signedInStorage(listContext, base);
  await listContext.close();
  // A new context that starts signed in (the storage of the tab above) but with an empty cache.
  const freshList = await newContext(browser, { baseUrl: base, locale: 'ja-JP' });
  await freshList.addInitScript((state: Record<string, string>) => {
    for (const [key, value] of Object.entries(state))
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, storage);
  const list = await measure(freshList, '/subordinate/list', '[data-testid="user-sort"]');
  await freshList.close();

  process.stdout.write(`console build: ${dist}\n`);
  for (const [name, value] of [
    ['login page (/login)', login],
    ['user list (/subordinate/list, signed in as master)', list],
  ] as const) {
    process.stdout.write(`${name}: ${value.files} scripts, ${kb(value.raw)} raw, ${kb(value.gzip)} gzipped\n`);
    // BENCH_VERBOSE=1 lists every script, to see what a page pulls in.
    if (process.env.BENCH_VERBOSE === '1') {
      for (const script of value.scripts) process.stdout.write(`  ${kb(script.gzip).padStart(9)}  ${script.url}\n`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

/** The local storage of a signed-in tab, so another context starts signed in without its cache. */
async function signedInStorage(context: BrowserContext, base: string): Promise<Record<string, string>> {
  const state = await context.storageState();
  const origin = state.origins.find((o) => o.origin === new URL(base).origin);
  return Object.fromEntries((origin?.localStorage ?? []).map((item) => [item.name, item.value]));
}
