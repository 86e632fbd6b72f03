import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { expectPath, htmlLang, openPage, requestAccessToken, signIn, testId, useSuite } from './harness/fixtures.ts';
import { repoRoot } from './harness/server.ts';

// Every screen of the accounts and tenancy area in each of the four languages: the page shows its own heading (the
// screen's title from that language's catalogue) and, when signed in, content of its own rather than a notice, so a
// blank or error page fails; the page is in that language (html lang, no untranslated catalogue key on screen, no
// Japanese left in the other three) and axe finds no serious violation. axe runs in French only: the markup is the same in every language, French has the longest
// texts, each run costs seconds, and the area's own browser tests run it on the Japanese pages. Set
// SWEEP_SCREENSHOTS=1 to keep a screenshot of each page in test-results/e2e/.

const LOCALES = [
  { browser: 'ja-JP', lang: 'ja', axe: false },
  { browser: 'en-US', lang: 'en', axe: false },
  { browser: 'fr-FR', lang: 'fr', axe: true },
  { browser: 'pt-BR', lang: 'pt', axe: false },
] as const;
const SCREENS_TIMEOUT_MS = 240_000;

const SUPER = { email: 'sweep-super@example.com', password: 'Sweep-super-2025', name: 'Sweep Super' };
const ADMIN = { email: 'sweep-admin@example.com', password: 'Sweep-admin-2025', name: 'Sweep Admin' };

function catalogueKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => catalogueKeys(value, prefix ? `${prefix}.${key}` : key));
}

const catalogue = (lang: string): { screens: Record<string, string> } =>
  JSON.parse(readFileSync(path.join(repoRoot, `apps/console/src/i18n/${lang}.json`), 'utf8'));
const KEYS = catalogueKeys(catalogue('ja'));

/** The title of a screen in a language, as the catalogue has it (the screen list's `screens.<id>`). */
function screenTitle(lang: string, screenId: string): string {
  const title = catalogue(lang).screens[screenId];
  if (!title) throw new Error(`no title for screen ${screenId} in ${lang}.json`);
  return title;
}

/** A route to open and the screen (of the screen list) it must show. */
type Route = readonly [route: string, screenId: string];
/** Kana and kanji: the Japanese a page in another language must not show (the language menu aside). */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

/** The visible text of the page, a line per block, without the language menu's own names (each in its language). */
async function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are wanted, not the raw text nodes.
  const text = await page.evaluate(() => document.body.innerText);
  const languageNames = new Set(['日本語', 'English', 'Français', 'Português']);
  return text
    .split('\n')
    .filter((line) => !languageNames.has(line.trim()))
    .join('\n');
}

/**
 * Opens a screen of the signed-in console the way its links do, without reloading the app (a reload per screen
 * would make this sweep several times slower): the router follows a history entry as it does the back button.
 */
async function openInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expectPath(page, new URL(route, 'http://x').pathname);
}

const LOADING = '.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"]';

/**
 * The page has its data once no placeholder, spinner or busy region is left, and none comes back a moment later
 * (a panel may start its own query once the page's first one has answered).
 */
async function untilLoaded(page: Page): Promise<void> {
  for (let settled = 0; settled < 2; settled++) {
    await page.waitForFunction((selector) => !document.querySelector(selector), LOADING, { timeout: 15_000 });
    await page.waitForTimeout(250);
    await page.waitForLoadState('networkidle');
  }
}

/**
 * The screen's own heading: the signed-in layout's page title, or the public card's heading. Signed in, the layout
 * shows the title whatever the page does, so the main area must also hold content and no "not available" or
 * "not found" notice.
 */
async function expectOwnScreen(page: Page, lang: string, [route, screenId]: Route, signedIn: boolean): Promise<void> {
  const title = screenTitle(lang, screenId);
  if (!signedIn) {
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent(), { message: `${route} (${lang}) heading` }).toBe(title);
    return;
  }
  await expect
    .poll(() => testId(page, 'page-title').textContent(), { message: `${route} (${lang}) title` })
    .toBe(title);
  const main = page.locator('main');
  for (const notice of ['not-available', 'not-found']) {
    expect(await main.getByTestId(notice).count(), `${route} (${lang}) shows ${notice}`).toBe(0);
  }
  // The title is the layout's: the page's own content may still be on its way.
  await expect
    // biome-ignore lint/performance/useDomNodeTextContent: what shows counts; hidden nodes do not make a page.
    .poll(async () => (await main.innerText()).trim(), { message: `${route} (${lang}) main area` })
    .not.toBe('');
}

async function checkScreen(page: Page, lang: string, axe: boolean, screen: Route, signedIn = false): Promise<void> {
  const [route] = screen;
  if (signedIn) await openInApp(page, route);
  else await page.goto(route);
  // untilLoaded waits for the network to be idle twice, with no placeholder left in between.
  await untilLoaded(page);
  if (process.env.SWEEP_SCREENSHOTS === '1') await saveScreenshot(page, `locales/${lang}${route.replaceAll('/', '_')}`);

  await expectOwnScreen(page, lang, screen, signedIn);

  expect(await htmlLang(page), `${route} html lang`).toBe(lang);
  const text = await visibleText(page);
  const rawKeys = KEYS.filter((key) => text.includes(key));
  expect(rawKeys, `${route} (${lang}) shows catalogue keys`).toEqual([]);
  if (lang !== 'ja') {
    const lines = text.split('\n').filter((line) => JAPANESE.test(line));
    expect(lines, `${route} (${lang}) shows Japanese`).toEqual([]);
  }
  if (axe) await expectNoSeriousA11yViolations(page);
}

describe.skipIf(skipBrowserTests)('the accounts area in every language', () => {
  const suite = useSuite();

  // Each test makes the accounts it looks at on first need, so any one of them runs alone (`-t`) as well as in order.
  let superMade: Promise<string> | undefined;
  const superUser = () => {
    superMade ??= activeSuperUser(suite, SUPER);
    return superMade;
  };
  let adminMade: Promise<string> | undefined;
  const adminId = () => {
    adminMade ??= (async () => {
      const master = await requestAccessToken(suite);
      const domainId = await firstDomainId(suite, master);
      const admin = await api(`${suite.server.baseUrl}/v1/subordinates`, master, {
        ...ADMIN,
        privilege_type: 'admin',
        domain_id: domainId,
      });
      expect(admin.status, JSON.stringify(admin.data)).toBe(201);
      return (admin.data as { id: string }).id;
    })();
    return adminMade;
  };

  const PUBLIC_ROUTES: Route[] = [
    ['/login', 'login'],
    ['/user/entry', 'user_entry'],
    ['/user/password', 'user_password'],
    ['/user/password/confirmation/not-a-real-token', 'user_password_confirmation'],
    ['/user/password/complete', 'user_password_complete'],
    ['/user/activation/not-a-real-link', 'user_activation'],
  ];
  const MASTER_ROUTES: Route[] = [
    ['/top', 'top'],
    ['/account/conf', 'account_conf'],
    ['/account/two-step', 'account_two_step'],
    ['/account/devices', 'account_devices'],
    ['/domain/list', 'domain_list'],
    ['/domain/add', 'domain_add'],
    ['/domain/edit/0006', 'domain_edit'],
    ['/subordinate/list', 'subordinate_list'],
    ['/subordinate/add', 'subordinate_add'],
  ];
  const SUPER_ROUTES: Route[] = [
    ['/companyinfo/info', 'companyinfo_info'],
    ['/company/edit', 'company_edit'],
    ['/subordinate/addlist', 'subordinate_addlist'],
    ['/contract/cancel/conf', 'contract_cancel_conf'],
  ];

  for (const { browser, lang, axe } of LOCALES) {
    it(
      `${lang}: the public screens`,
      async () => {
        const { page } = await openPage(suite, browser);
        for (const screen of PUBLIC_ROUTES) await checkScreen(page, lang, axe, screen);
      },
      SCREENS_TIMEOUT_MS,
    );

    it(
      `${lang}: the master's screens`,
      async () => {
        const { page } = await openPage(suite, browser);
        await signIn(page, suite.server.adminEmail, suite.server.adminPassword);
        await testId(page, 'topbar').waitFor({ state: 'visible' });
        const edit: Route = [`/subordinate/edit/${await adminId()}`, 'subordinate_edit'];
        for (const screen of [...MASTER_ROUTES, edit]) await checkScreen(page, lang, axe, screen, true);
      },
      SCREENS_TIMEOUT_MS,
    );

    it(
      `${lang}: the super user's screens`,
      async () => {
        await superUser();
        const { page } = await openPage(suite, browser);
        await signIn(page, SUPER.email, SUPER.password);
        await testId(page, 'topbar').waitFor({ state: 'visible' });
        for (const screen of SUPER_ROUTES) await checkScreen(page, lang, axe, screen, true);
      },
      SCREENS_TIMEOUT_MS,
    );
  }
});
