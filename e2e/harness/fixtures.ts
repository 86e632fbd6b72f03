import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import { describeDevice } from '../../apps/console/src/api/loginAnswer.ts';
import { STORAGE_KEYS } from '../../apps/console/src/lib/storageKeys.ts';
import { collectPageErrors, newContext, saveScreenshot, workerBrowser } from './browser.ts';
import { type RunningServer, type StartServerOptions, startServer } from './server.ts';
import { takeSharedPage } from './shared-context.ts';

/**
 * A server per test file (started in beforeAll, stopped in afterAll) and the worker's browser, shared by the files
 * the worker runs one after another (each test has a context of its own, so nothing of the browser carries over).
 */
export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

/**
 * The server the worker's next file takes, started as soon as a file has its own: its start (the data template's
 * copy, PostgreSQL's start, the server's boot: seconds, more on a loaded machine) overlaps the current file's
 * tests instead of adding to the run. It is a server like any other, with a database no other file has touched.
 */
let spare: Promise<RunningServer> | undefined;

async function takeServer(options: StartServerOptions): Promise<RunningServer> {
  const ahead = spare;
  spare = undefined;
  // A spare that failed to start is started again here, and fails again with its log if the fault is real.
  const server = ahead ? await ahead.catch(() => startServer(options)) : await startServer(options);
  server.holdWorker(true);
  spare = startServer(options).then((next) => {
    // Waiting, it must not keep the worker alive if no file comes (the run's teardown stops it then).
    next.holdWorker(false);
    return next;
  });
  spare.catch(() => undefined);
  return server;
}

export function useSuite(options: StartServerOptions = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const ready: StartServerOptions = {
      template: inject('e2eDataTemplate') ?? undefined,
      bundle: inject('e2eServerBundle') ?? undefined,
      builds: inject('e2eBuilds') ?? undefined,
      parentDir: inject('e2eRunDir'),
      ...options,
    };
    // A file with options of its own starts its own server; the others take the one started ahead.
    const own = Object.keys(options).length > 0;
    const [started, launched] = await Promise.allSettled([
      own ? startServer(ready) : takeServer(ready),
      workerBrowser(),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, START_TIMEOUT_MS);

  afterAll(() => {
    // Stopped in the background: the next file does not wait for it (it takes the spare), and the worker does
    // not end before the stop has (the process is held until it exits).
    void server?.stop().catch((error: unknown) => process.stderr.write(`[e2e] stopping a server: ${String(error)}\n`));
  }, STOP_TIMEOUT_MS);

  return {
    get server(): RunningServer {
      if (!server) throw new Error('the server is not running (beforeAll failed?)');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the browser is not running (beforeAll failed?)');
      return browser;
    },
  };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/**
 * A page of its own for the test, in the given browser language, with nothing of another test's: the worker's
 * shared context cleared for the test (shared-context.ts: its code cache makes a page load about a third cheaper),
 * or, for a test's second session, a fresh context. Released when the test ends; when the test fails, a
 * screenshot goes to test-results/e2e/ and the page's errors are printed.
 */
export async function openPage(suite: Suite, locale = 'ja-JP'): Promise<OpenedPage> {
  const shared = await takeSharedPage(suite.server.baseUrl, locale);
  const context = shared?.context ?? (await newContext(suite.browser, { baseUrl: suite.server.baseUrl, locale }));
  const page = shared?.page ?? (await context.newPage());
  const errors = collectPageErrors(page);
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const shot = await saveScreenshot(page, task.name);
      const details = [
        `[e2e] "${task.name}" failed at ${page.url()}`,
        shot ? `[e2e] screenshot: ${shot}` : '[e2e] no screenshot',
        `[e2e] server log: ${suite.server.logFile}`,
        ...errors.map((e) => `[e2e] ${e}`),
      ];
      process.stderr.write(`${details.join('\n')}\n`);
    }
    if (shared) await shared.release();
    else await context.close();
  });
  return { context, page };
}

export function testId(page: Page, id: string) {
  return page.locator(`[data-testid="${id}"]`);
}

/** The element's text, trimmed (textContent: Biome prefers it to innerText). */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's path is `path` (client-side navigations included). */
export async function expectPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout, message: `expected to land on ${path}` }).toBe(path);
}

export async function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

/**
 * Signs in through the login form and waits to leave /login: for the tests of the form and of the journeys that
 * pass through it. Elsewhere `signIn` is the same session without the form's page load.
 */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

/**
 * Signs in as the form does, without the form: the same token call (application and device name as the console
 * sends them), the tokens stored where the console keeps them, the previous user's list conditions and cached
 * answers dropped. Then the console opens on `landing` (the page after sign-in by default; the page the test
 * goes to saves a load of /top), or nowhere with `null`, when the test's next step opens its page.
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  landing: string | null = '/top',
): Promise<void> {
  // A same-origin page that is not the app: the storage is written before the console first reads it.
  await page.goto('/readyz');
  const device = describeDevice(await page.evaluate(() => navigator.userAgent));
  const body = new URLSearchParams({
    grant_type: 'password',
    username: email,
    password,
    scope: '',
    device,
    // The console's APPLICATION_NAME (apps/console/src/api/auth.ts, which pulls in the app to import).
    application: 'spinyard-console',
  });
  // An absolute address: the worker's shared context has no base URL (shared-context.ts); the page is on the server.
  const response = await page.request.post(new URL('/v1/auth/token', page.url()).href, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: body.toString(),
  });
  const answer = (await response.json().catch(() => null)) as { access_token?: string; 'content-token'?: string };
  if (response.status() !== 200 || !answer?.access_token || !answer['content-token']) {
    throw new Error(
      `sign-in of ${email}: POST /v1/auth/token answered ${response.status()}: ${JSON.stringify(answer)}`,
    );
  }
  await page.evaluate(
    ({ keys, access, content }) => {
      for (const store of [window.localStorage, window.sessionStorage]) {
        const doomed: string[] = [];
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i);
          if (key?.startsWith(keys.listPrefix) || key?.startsWith(keys.cachePrefix)) doomed.push(key);
        }
        for (const key of doomed) store.removeItem(key);
      }
      window.localStorage.removeItem(keys.tempToken);
      window.localStorage.setItem(keys.accessToken, access);
      window.localStorage.setItem(keys.contentToken, content);
    },
    { keys: STORAGE_KEYS, access: answer.access_token, content: answer['content-token'] },
  );
  if (landing !== null) await page.goto(landing);
}

/** Signs in as the server's master account (through the API, as `signIn`). */
export async function signInAsMaster(page: Page, suite: Suite, landing: string | null = '/top'): Promise<void> {
  await signIn(page, suite.server.adminEmail, suite.server.adminPassword, landing);
}

/**
 * A new session for the master account (or the account given) through the API (`POST /v1/auth/token`), as another
 * tab would get.
 */
export async function requestAccessToken(
  suite: Suite,
  account = { email: suite.server.adminEmail, password: suite.server.adminPassword },
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: account.email,
    password: account.password,
    scope: '',
    device: 'e2e',
    application: 'console',
  });
  const response = await fetch(`${suite.server.baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /v1/auth/token answered ${response.status}: ${text}`);
  const token = (JSON.parse(text) as { access_token?: unknown }).access_token;
  if (typeof token !== 'string' || token === '') throw new Error(`no access_token in ${text}`);
  return token;
}
