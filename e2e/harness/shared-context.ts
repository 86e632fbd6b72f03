import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Disposable, type Page } from 'playwright-core';
import { acceptLanguage, CHROMIUM_ARGS, chromiumPath, NAVIGATION_TIMEOUT_MS, requireChromium } from './browser.ts';

/**
 * The worker's shared browser contexts: a Chromium with a profile on disk per language, whose page the tests take
 * one test at a time (fixtures.ts, `openPage`), its state cleared between tests.
 *
 * Why: a page load of the console in a fresh (incognito) context costs Chromium about 1.5 s of CPU, most of it
 * compiling the console's scripts again; a context with a profile on disk keeps V8's code cache beside its HTTP
 * cache, and a load costs about 1.0 s (measured on this machine, docs/operations.md, "suite"). Playwright's
 * contexts made by `browser.newContext` are incognito and keep no code cache, so the profile's one context is
 * shared instead, and what a test could leave behind is cleared before the next one takes it: cookies, the
 * origin's storage (local storage, IndexedDB, cache storage, service workers), permissions, offline mode, routes,
 * and init scripts added through the context. The HTTP and code caches stay: the console's scripts are immutable
 * (hashed names), and everything else the console fetches is revalidated or not stored.
 *
 * The language is the context's own (Playwright sets it on every frame, cross-site ones included), so there is
 * one context per language the tests mostly use; a test in another language gets a fresh context. The contexts
 * have no base URL (it is fixed at launch, and each file has a server of its own): the page resolves a path given
 * to `goto` against the test's server.
 */

/** The languages with a shared context: the console's default and the tests' second one. */
const SHARED_LOCALES = new Set(['ja-JP', 'en-US']);
const contexts = new Map<string, Promise<BrowserContext>>();
let busy = false;

async function launch(locale: string): Promise<BrowserContext> {
  requireChromium();
  const profile = mkdtempSync(path.join(tmpdir(), 'spinyard-e2e-profile-'));
  process.once('exit', () => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
    locale,
    extraHTTPHeaders: { 'Accept-Language': acceptLanguage(locale) },
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

/** The worker's context in `locale`, launched on first use and again if its browser went away. */
function sharedContext(locale: string): Promise<BrowserContext> {
  let current = contexts.get(locale);
  if (!current) {
    const next = launch(locale);
    current = next;
    contexts.set(locale, next);
    const forget = () => {
      if (contexts.get(locale) === next) contexts.delete(locale);
    };
    next.then((context) => context.on('close', forget), forget);
  }
  return current;
}

/** `page.goto('/path')` resolved against the test's server, as a context's base URL would. */
function resolvePaths(page: Page, baseUrl: string): Page {
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(new URL(url, baseUrl).href, options);
  return page;
}

export interface SharedPage {
  /** The shared context as the test sees it: its pages resolve paths against the server; its init scripts end with it. */
  context: BrowserContext;
  page: Page;
  /** Closes the test's pages and undoes what the test added to the context; the next test may take it then. */
  release(): Promise<void>;
}

/**
 * The shared context's page for a test in `locale`, cleared for the server at `baseUrl`, or undefined when another
 * page of the same test holds it (the test's second session then gets a fresh context of its own, as before) or
 * the language has no shared context.
 */
export async function takeSharedPage(baseUrl: string, locale: string): Promise<SharedPage | undefined> {
  if (busy || !SHARED_LOCALES.has(locale)) return undefined;
  busy = true;
  const origin = new URL(baseUrl).origin;
  try {
    const context = await sharedContext(locale);
    const keeper = context.pages()[0];
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      context.setOffline(false),
      context.unrouteAll({ behavior: 'ignoreErrors' }),
    ]);
    const page = resolvePaths(await context.newPage(), baseUrl);
    const cdp = await context.newCDPSession(page);
    try {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    } finally {
      await cdp.detach();
    }
    const disposables: Disposable[] = [];
    const view = new Proxy(context, {
      get(target, property) {
        if (property === 'newPage') {
          return async () => resolvePaths(await target.newPage(), baseUrl);
        }
        if (property === 'addInitScript') {
          return async (...args: Parameters<BrowserContext['addInitScript']>) => {
            const added = await target.addInitScript(...args);
            disposables.push(added);
            return added;
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    let released = false;
    return {
      context: view,
      page,
      async release() {
        if (released) return;
        released = true;
        try {
          await Promise.all(disposables.map((d) => d.dispose().catch(() => undefined)));
          await Promise.all(context.pages().map((p) => (p === keeper ? undefined : p.close().catch(() => undefined))));
        } finally {
          busy = false;
        }
      },
    };
  } catch (error) {
    busy = false;
    throw error;
  }
}
