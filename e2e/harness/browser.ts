import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type AxeViolation, axeViolations } from './axe.ts';
import { repoRoot } from './server.ts';
import { isSweptScreen } from './sweep-screens.ts';

/**
 * Debian's Chromium driven by playwright-core. Under CI the browser is required: a missing Chromium fails the
 * suite. Outside CI the browser suites skip, loudly.
 */

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const isCi = (() => {
  const value = (process.env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
})();

export const chromiumAvailable = (() => {
  try {
    accessSync(chromiumPath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

/** Use as `describe.skipIf(skipBrowserTests)`: true only outside CI when Chromium is missing. */
export const skipBrowserTests = !chromiumAvailable && !isCi;

if (skipBrowserTests) {
  process.stderr.write(
    `\n!!!!! Chromium not found at ${chromiumPath}: SKIPPING the browser tests (this is allowed outside CI only).\n` +
      '!!!!! Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.\n\n',
  );
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The call's camera and microphone (e2e/meeting-call.test.ts): a generated picture and tone, allowed without a
  // prompt; pages that never ask for them are not touched.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** Throws, naming the fix, when there is no Chromium to launch. */
export function requireChromium(): void {
  if (!chromiumAvailable) {
    throw new Error(
      `Chromium not found at ${chromiumPath}${isCi ? ' and CI requires the browser tests' : ''}. ` +
        'Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
    );
  }
}

/**
 * Launches Chromium. Playwright gives every launch a fresh temporary user-data-dir of its own (and removes it on
 * close); passing `--user-data-dir` to `launch()` is refused by Playwright.
 */
export async function launchBrowser(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

let launched: Promise<Browser> | undefined;

/**
 * The browser of this Vitest worker, launched on first use and shared by the files the worker runs (the e2e project
 * does not isolate files, so this module lives as long as the worker). Playwright kills it when the worker ends.
 */
export function workerBrowser(): Promise<Browser> {
  const current = launched;
  if (current) {
    return current.then(
      (browser) => (browser.isConnected() ? browser : relaunch(current)),
      () => relaunch(current),
    );
  }
  return relaunch(current);
}

function relaunch(previous: Promise<Browser> | undefined): Promise<Browser> {
  if (launched === previous) launched = launchBrowser();
  return launched as Promise<Browser>;
}

export interface ContextOptions {
  baseUrl: string;
  /** The browser's language, e.g. `ja-JP` or `en-US`: sets navigator.language and Accept-Language. */
  locale: string;
}

export function acceptLanguage(locale: string): string {
  const primary = locale.split('-')[0] ?? locale;
  return primary === locale ? locale : `${locale},${primary};q=0.9`;
}

/**
 * A bound on waits for a state, not a pause: a test's first page (a fresh context, so the console's scripts load
 * cold) took over 15 s to show its list at load average 38 on the shared 2-core machine.
 */
export const NAVIGATION_TIMEOUT_MS = 30_000;

export async function newContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    locale: options.locale,
    extraHTTPHeaders: { 'Accept-Language': acceptLanguage(options.locale) },
    viewport: { width: 1280, height: 800 },
    // No fading in: axe measures contrast on what is on screen, and a notification half faded in fails it.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

/** Errors thrown in the page, kept for the failure report of a test. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/** Saves a screenshot under test-results/e2e/ (best effort) and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string | undefined> {
  const dir = path.join(repoRoot, 'test-results', 'e2e');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_').slice(0, 120)}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
    return file;
  } catch {
    return undefined;
  }
}

const SERIOUS = new Set(['serious', 'critical']);

/**
 * What a journey state can show that the sweep (sweep.ts: every console screen as it opens, axe with every WCAG
 * rule) never does, and whose text colours are therefore checked here: dialogs and drawers, alerts, notices and
 * notifications, menus, lists and popovers, tooltips, refused fields and their error texts, status badges (their
 * colour follows the row), and pressed toggle buttons. Not the states the sweep's screens show in the same
 * components: the menu's current page, the first tab, a chosen radio or a ticked box (Mantine draws no text in the
 * colours that change).
 */
const CONTRAST_STATES = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="alert"]',
  '[role="status"]',
  '.mantine-Notification-root',
  '.mantine-Alert-root',
  '[role="menu"]',
  '[role="listbox"]',
  '[role="tooltip"]',
  '.mantine-Popover-dropdown',
  '[aria-invalid="true"]',
  '.mantine-InputWrapper-error',
  '.mantine-Badge-root',
  '[aria-pressed="true"]',
];

/**
 * The journey check (docs/decisions.md, "Suite: what each browser check covers"): every axe rule, but colour
 * contrast (60 to 75 % of a check's time) only where the sweep has not checked it. On a console screen the sweep
 * covers, showing its first tab, without frames, contrast is checked in the states of `CONTRAST_STATES` shown now;
 * anywhere else (the viewer, token pages, another tab of a screen, pages with frames) on the whole page.
 */
async function journeyViolations(page: Page): Promise<{ violations: AxeViolation[]; contrast: string }> {
  const whole = async () => ({ violations: await axeViolations(page), contrast: 'page' });
  if (page.frames().length !== 1 || !isSweptScreen(new URL(page.url()).pathname)) return whole();
  const { otherTab, shown } = await page.evaluate((selectors) => {
    // The sweep opens each screen as it comes, on its first tab or step (the vehicle wizard's Stepper): another
    // tab or step is a screen the sweep never saw.
    const step = document.querySelector('.mantine-Stepper-step[data-progress]');
    return {
      otherTab:
        document.querySelector('[role="tab"][aria-selected="true"]:not(:first-child)') !== null ||
        (step !== null && step !== document.querySelector('.mantine-Stepper-step')),
      shown: selectors.filter((selector) => document.querySelector(selector) !== null),
    };
  }, CONTRAST_STATES);
  if (otherTab) return whole();
  if (shown.length === 0) {
    const violations = await axeViolations(page, { rules: { 'color-contrast': { enabled: false } } });
    return { violations, contrast: 'none' };
  }
  return { violations: await axeViolations(page, {}, shown), contrast: 'states' };
}

/** Runs axe on the page as it is now and fails listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const started = Date.now();
  const { violations, contrast } = await journeyViolations(page);
  const serious = violations.filter((v) => v.impact != null && SERIOUS.has(v.impact));
  // E2E_AXE_TIMES=1 prints each check's time and where it checked contrast (page, states, none).
  if (process.env.E2E_AXE_TIMES === '1')
    process.stderr.write(
      `[axe-time] ${new URL(page.url()).pathname} contrast ${contrast} ${Date.now() - started} ms\n`,
    );
  if (serious.length === 0) return;
  const lines = serious.map((v) => {
    const targets = v.targets.map((target) => `      ${target}`).join('\n');
    return `  ${v.id} [${v.impact ?? 'unknown'}] ${v.help} (${v.helpUrl})\n${targets}`;
  });
  throw new Error(
    `Serious or critical accessibility violations on ${page.url()} (${serious.length}):\n${lines.join('\n')}`,
  );
}
