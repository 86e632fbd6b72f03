import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { chromiumPath, expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  pathOf,
  requestAccessToken,
  signIn,
  signInAsMaster,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';

// Screens that read wrong (issue 7, "Found" 5 and 6): the "another user" alert through a second tab's login form,
// texts cut in tables and the sidebar, server messages in the user's language, sign-up and terms, keyboard focus,
// a company code refused then changed, the cancellation's end date, and lists on a phone.

const SUPER = { email: 'fixes-super@example.com', password: 'Fixes-super-2025', name: 'Fixes Super' };
const LONG_EMAIL = 'a.rather.long.address.for.the.layout.checks@dealer-company-example.co.jp';

/** Elements among `selector` whose text does not fit their box (an ellipsis or a clipped word). */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((nodes) =>
      nodes
        .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
        .map((n) => n.textContent ?? ''),
    );
}

describe.skipIf(skipBrowserTests)('screens that read wrong', () => {
  const suite = useSuite();
  let accounts: Promise<void> | undefined;

  /** The super user, an admin with a long address and staff under it, and a disabled admin: made once. */
  function ensureAccounts(): Promise<void> {
    accounts ??= (async () => {
      const { baseUrl } = suite.server;
      await activeSuperUser(suite, SUPER);
      const master = await requestAccessToken(suite);
      const domainId = await firstDomainId(suite, master);
      const admin = await api(`${baseUrl}/v1/subordinates`, master, {
        email: LONG_EMAIL,
        password: 'Fixes-admin-2025',
        name: 'Administrator With A Long Name',
        privilege_type: 'admin',
        domain_id: domainId,
        company_section: 'Service department, second floor, east wing',
      });
      expect(admin.status, JSON.stringify(admin.data)).toBe(201);
      const adminId = (admin.data as { id: string }).id;
      const staff = await api(`${baseUrl}/v1/subordinates`, master, {
        email: 'fixes-staff@example.com',
        password: 'Fixes-staff-2025',
        name: 'Staff Member',
        privilege_type: 'normal',
        parent_user_id: adminId,
        domain_id: domainId,
      });
      expect(staff.status, JSON.stringify(staff.data)).toBe(201);
      const disabled = await api(`${baseUrl}/v1/subordinates`, master, {
        email: 'fixes-disabled@example.com',
        password: 'Fixes-disabled-2025',
        name: 'Disabled Admin',
        privilege_type: 'admin',
        domain_id: domainId,
      });
      expect(disabled.status, JSON.stringify(disabled.data)).toBe(201);
      const off = await api(`${baseUrl}/v1/subordinates/${(disabled.data as { id: string }).id}/status`, master, {
        status: 'inactive',
      });
      expect(off.status, JSON.stringify(off.data)).toBe(200);
    })();
    return accounts;
  }

  it('shows "logged in as another user" in tab 1 when tab 2 signs in as someone else through its form', async () => {
    await ensureAccounts();
    const { context, page: first } = await openPage(suite, 'en-US');
    // Tab 2 shows the login form before anyone is signed in in this browser.
    const second = await context.newPage();
    await second.goto('/login');
    await second.locator('input[name="username"]').waitFor({ state: 'visible' });

    await signInAsMaster(first, suite);
    await expectPath(first, '/top');
    await testId(first, 'topbar').waitFor({ state: 'visible' });

    // A signed-in visitor who opens /login in another tab lands on /top.
    const third = await context.newPage();
    await third.goto('/login');
    await expectPath(third, '/top');
    await third.close();

    // Tab 2 signs in as the super user through its login form.
    await second.locator('input[name="username"]').fill(SUPER.email);
    await second.locator('input[name="password"]').fill(SUPER.password);
    await second.locator('button[type="submit"]').click();
    await expectPath(second, '/top');

    // Tab 1 says so, still on its page, instead of dropping to /login silently.
    const alert = testId(first, 'another-user-alert');
    await alert.waitFor({ state: 'visible' });
    expect(pathOf(first)).toBe('/top');
    await expectNoSeriousA11yViolations(first);
    await alert.getByRole('button').click();
    await expectPath(first, '/login');
    // The login form stays for signing in again, though the other user's token is stored.
    await first.locator('input[name="username"]').waitFor({ state: 'visible' });
  });

  it('tells a disabled user on a Japanese page in Japanese that the account is not active', async () => {
    await ensureAccounts();
    const { page } = await openPage(suite, 'ja-JP');
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('fixes-disabled@example.com');
    await page.locator('input[name="password"]').fill('Fixes-disabled-2025');
    await page.locator('button[type="submit"]').click();
    const error = testId(page, 'login-error');
    await error.waitFor({ state: 'visible' });
    expect(await textOf(error)).toBe('このアカウントは現在ご利用いただけません。管理者にお問い合わせください。');
  });

  for (const width of [1366, 1920]) {
    for (const locale of ['ja-JP', 'fr-FR']) {
      it(`shows whole role and status badges at ${width} px (${locale}), and whole sidebar names`, async () => {
        await ensureAccounts();
        const { page } = await openPage(suite, locale);
        await page.setViewportSize({ width, height: 900 });
        await signInAsMaster(page, suite, '/subordinate/list');
        const rows = page.locator('[data-testid="user-row"]');
        await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
        const badges = '[data-testid="user-table"] .mantine-Badge-label';
        expect(await page.locator(badges).count()).toBeGreaterThanOrEqual(6);
        expect(await cutTexts(page, badges)).toEqual([]);
        expect(await cutTexts(page, '[data-testid="sidebar"] a span, [data-testid="sidebar"] button span')).toEqual([]);
        if (locale === 'fr-FR') {
          expect(await textOf(testId(page, 'sidebar'))).toContain('Historique des e-mails vidéo');
        }
      });
    }
  }

  it('links sign-up to the registration, whose terms box links to the terms of service', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto('/login');
    await testId(page, 'sign-up-link').click();
    await expectPath(page, '/user/entry');
    const terms = testId(page, 'terms-link');
    await terms.waitFor({ state: 'visible' });
    expect(await terms.getAttribute('href')).toBe('/terms');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor({ state: 'visible' });
    // The product's standard terms (version 0) until the master publishes the domain's own: its notice, the intro
    // and the six points, each a paragraph.
    const legalText = testId(page, 'legal-text');
    await expect.poll(() => legalText.getAttribute('data-version')).toBe('0');
    expect(await legalText.locator('p').count()).toBe(8);
    expect(await textOf(legalText)).toContain('1 month ahead');
    await expectNoSeriousA11yViolations(page);
  });

  it('rings a focused text field like a button, and reaches the show-password button by Tab', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto('/login');
    await page.locator('input[name="password"]').fill('secret-1');
    const username = page.locator('input[name="username"]');
    await username.focus();
    const ring = await username.evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show password');
    // The button works from the keyboard, by Enter as on any button: the password shows as text, and hides again.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('input[name="password"]').getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('input[name="password"]').getAttribute('type')).toBe('password');
    expect(pathOf(page)).toBe('/login');
  });

  it('accepts a company code changed from a taken one to a free one at the first "confirm"', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/domain/add');
    await testId(page, 'domain-host').fill('fixes-shop.example.com');
    // 0006 is the product's own domain: taken.
    await testId(page, 'domain-company-code').fill('0006');
    await testId(page, 'domain-service-name').fill('Fixes Shop');
    await testId(page, 'domain-super-user-email').fill('fixes-shop@example.com');
    const codeField = testId(page, 'field-company_code');
    await expect.poll(() => textOf(codeField), { timeout: 10_000 }).toContain('already used');
    await testId(page, 'domain-confirm').click();
    expect(pathOf(page)).toBe('/domain/add');

    await testId(page, 'domain-company-code').fill('0311');
    await testId(page, 'domain-confirm').click();
    await expectPath(page, '/domain/confirmation');
  });

  it('gives the date the service ends on the cancellation-complete screen', async () => {
    await ensureAccounts();
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, SUPER.email, SUPER.password);
    const token = await page.evaluate(() => localStorage.getItem('spinyard.access_token'));
    const profile = await api(`${suite.server.baseUrl}/v1/profile`, token ?? '');
    const id = (profile.data as { user: { id: string } }).user.id;
    const cancelled = await api(`${suite.server.baseUrl}/v1/superusers/cancel/${id}`, token ?? '', {
      accept_terms: true,
    });
    expect(cancelled.status, JSON.stringify(cancelled.data)).toBe(200);
    const ends = new Date(
      ((await api(`${suite.server.baseUrl}/v1/profile`, token ?? '')).data as { user: { service_ends_at: string } })
        .user.service_ends_at,
    );
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(ends);

    await page.goto('/contract/cancel/complete');
    const date = testId(page, 'contract-service-ends');
    await date.waitFor({ state: 'visible' });
    expect(await textOf(date)).toBe(`Your service ends on ${expected}.`);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });

  it('shows a white-label host’s service name in the title and footer, and its logo in the collapsed sidebar', async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const host = 'dealer-one.test';
    const created = await api(`${baseUrl}/v1/domain`, master, {
      host,
      company_code: '0321',
      service_name: 'Dealer One',
      super_user: { email: 'dealer-one-super@example.com', name: 'Dealer One Super' },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const domainId = (created.data as { id: string }).id;
    const tenantUser = { email: 'dealer-one-admin@example.com', password: 'Dealer-one-2025' };
    const admin = await api(`${baseUrl}/v1/subordinates`, master, {
      ...tenantUser,
      name: 'Dealer One Admin',
      privilege_type: 'admin',
      domain_id: domainId,
    });
    expect(admin.status, JSON.stringify(admin.data)).toBe(201);

    // The tenant's own host name, resolved to this server by the browser.
    const port = new URL(baseUrl).port;
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${host} 127.0.0.1`],
    });
    try {
      const context = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`http://${host}:${port}/login`);
      await expect.poll(() => page.title()).toBe('Sign in | Dealer One');
      await expect.poll(() => textOf(testId(page, 'footer'))).toContain('Dealer One.');
      expect(await textOf(testId(page, 'footer'))).not.toContain('Spinyard');

      await page.locator('input[name="username"]').fill(tenantUser.email);
      await page.locator('input[name="password"]').fill(tenantUser.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === '/top', { timeout: 20_000 });
      await expect.poll(() => page.title()).toMatch(/ \| Dealer One$/);
      expect(await textOf(testId(page, 'footer'))).toContain('Dealer One.');

      // Minimized, the sidebar still shows the logo (an image), not a letter.
      await testId(page, 'sidebar-toggle').click();
      await expect.poll(() => testId(page, 'sidebar').getAttribute('data-collapsed')).toBe('true');
      const logo = testId(page, 'sidebar-logo').locator('img');
      await logo.waitFor({ state: 'visible' });
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('shows lists as cards on a phone, with the row actions and the whole title on screen', async () => {
    await ensureAccounts();
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsMaster(page, suite, '/subordinate/list');
    const table = testId(page, 'user-table');
    await table.waitFor({ state: 'visible' });
    expect(await table.getAttribute('data-layout')).toBe('cards');
    const row = page.locator(`[data-testid="user-row"][data-email="${LONG_EMAIL}"]`);
    await row.waitFor({ state: 'visible' });
    // Nothing runs off the right edge: the page does not scroll sideways and the actions are within the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const edit = row.getByRole('link', { name: /Administrator With A Long Name/ }).last();
    const box = await edit.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // Each value is named by its column.
    const roleLabel = await row
      .locator('td')
      .nth(2)
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(roleLabel).toBe('"権限"');
    // The page title is not cut.
    expect(await cutTexts(page, '[data-testid="page-title"]')).toEqual([]);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });
});
