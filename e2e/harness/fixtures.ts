import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import { collectPageErrors, launchBrowser, newContext, saveScreenshot } from './browser.ts';
import { type RunningServer, type StartServerOptions, startServer } from './server.ts';

/** One server and one browser per test file, started in beforeAll and stopped in afterAll. */
export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

export function useSuite(options: StartServerOptions = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const template = options.template ?? inject('e2eDataTemplate') ?? undefined;
    const [started, launched] = await Promise.allSettled([startServer({ ...options, template }), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    const results = await Promise.allSettled([browser?.close(), server?.stop()]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
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
 * A fresh browser context (its own cookies and storage) in the given browser language, closed when the test
 * ends. When the test fails, a screenshot goes to test-results/e2e/ and the page's errors are printed.
 */
export async function openPage(suite: Suite, locale = 'ja-JP'): Promise<OpenedPage> {
  const context = await newContext(suite.browser, { baseUrl: suite.server.baseUrl, locale });
  const page = await context.newPage();
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
    await context.close();
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

/** Signs in through the login form and waits to leave /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

/** Signs in as the server's master account. */
export async function signInAsMaster(page: Page, suite: Suite): Promise<void> {
  await signIn(page, suite.server.adminEmail, suite.server.adminPassword);
}

/** A new session for the master account through the API (`POST /v1/auth/token`), as another tab would get. */
export async function requestAccessToken(suite: Suite): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: suite.server.adminEmail,
    password: suite.server.adminPassword,
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
