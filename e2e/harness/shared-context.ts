import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Disposable, type Page } from 'playwright-core';
import { acceptLanguage, CHROMIUM_ARGS, chromiumPath, NAVIGATION_TIMEOUT_MS, requireChromium } from './browser.ts';

/**
 * The worker's shared browser context: one Chromium with a profile on disk, whose pages the tests take one test at
 * a time (fixtures.ts, `openPage`), its state cleared between tests.
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
 * The context has no locale of its own; each page gets the test's (`localise`: Intl, navigator.language and the
 * Accept-Language header), as Playwright gives a context's pages.
 */

/** The worker's profile: kept across its files' contexts (they run one after another), removed when it exits. */
let profile: string | undefined;
let current: { origin: string; context: Promise<BrowserContext> } | undefined;
let busy = false;

async function launch(origin: string): Promise<BrowserContext> {
  requireChromium();
  if (!profile) {
    const dir = mkdtempSync(path.join(tmpdir(), 'spinyard-e2e-profile-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    profile = dir;
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

/**
 * The shared context for the server at `origin`. A context's base URL is fixed at its launch, so the worker's next
 * file (another server) gets a context of its own, on the same profile: one Chromium start a file instead of the
 * contexts of every test.
 */
async function sharedContext(origin: string): Promise<BrowserContext> {
  if (current?.origin !== origin) {
    const previous = current;
    current = undefined;
    if (previous) await previous.context.then((c) => c.close()).catch(() => undefined);
    const next = { origin, context: launch(origin) };
    current = next;
    next.context.then(
      (context) =>
        context.on('close', () => {
          if (current === next) current = undefined;
        }),
      () => {
        if (current === next) current = undefined;
      },
    );
    return next.context;
  }
  return current.context;
}

/**
 * Gives the page the test's language, as a context's `locale` and Accept-Language header would. The session that
 * sets the overrides stays attached for the page's life: Chromium drops a session's overrides when it detaches.
 */
async function localise(context: BrowserContext, page: Page, locale: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const { userAgent } = await cdp.send('Browser.getVersion');
  await cdp.send('Emulation.setLocaleOverride', { locale });
  await cdp.send('Network.setUserAgentOverride', { userAgent, acceptLanguage: locale });
  await page.setExtraHTTPHeaders({ 'Accept-Language': acceptLanguage(locale) });
}

export interface SharedPage {
  /** The shared context as the test sees it: pages it opens get the test's language; its init scripts end with it. */
  context: BrowserContext;
  page: Page;
  /** Closes the test's pages and undoes what the test added to the context; the next test may take it then. */
  release(): Promise<void>;
}

/**
 * The shared context's page for a test, cleared for `origin`, or undefined when another page of the same test
 * holds it (the test's second session then gets a fresh context of its own, as before).
 */
export async function takeSharedPage(baseUrl: string, locale: string): Promise<SharedPage | undefined> {
  if (busy) return undefined;
  busy = true;
  const origin = new URL(baseUrl).origin;
  try {
    const context = await sharedContext(origin);
    const keeper = context.pages()[0];
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      context.setOffline(false),
      context.unrouteAll({ behavior: 'ignoreErrors' }),
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    try {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    } finally {
      await cdp.detach();
    }
    await localise(context, page, locale);
    const disposables: Disposable[] = [];
    const view = new Proxy(context, {
      get(target, property) {
        if (property === 'newPage') {
          return async () => {
            const opened = await target.newPage();
            await localise(target, opened, locale);
            return opened;
          };
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
