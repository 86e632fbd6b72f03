import { describe, expect, it } from 'vitest';
import { skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  pathOf,
  signInAsMaster,
  signInWithForm,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';

// The console's shell: sign-in, the main layout, the sidebar state, sign-out and the not-found page.
describe.skipIf(skipBrowserTests)('console shell', () => {
  const suite = useSuite();

  it('signs the master user in on /login and shows the sidebar, top bar and footer', async () => {
    const { page } = await openPage(suite);
    await signInWithForm(page, suite.server.adminEmail, suite.server.adminPassword);
    await expectPath(page, '/top');

    await testId(page, 'sidebar').waitFor({ state: 'visible' });
    await testId(page, 'topbar').waitFor({ state: 'visible' });
    await testId(page, 'footer').waitFor({ state: 'visible' });
    const title = testId(page, 'topbar').locator('[data-testid="page-title"]');
    await title.waitFor({ state: 'visible' });
    expect(await textOf(title)).not.toBe('');
    const account = testId(page, 'topbar').locator('[data-testid="account-label"]');
    await account.waitFor({ state: 'visible' });
    await expect.poll(() => textOf(account)).toContain(suite.server.adminEmail);
    expect(await page.evaluate(() => localStorage.getItem('spinyard.access_token'))).toBeTruthy();
  });

  it('keeps the sidebar collapsed across a reload (cookie spinyard_sidebar)', async () => {
    const { context, page } = await openPage(suite);
    await signInAsMaster(page, suite);
    const sidebar = testId(page, 'sidebar');
    await sidebar.waitFor({ state: 'visible' });
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');

    await testId(page, 'sidebar-toggle').click();
    await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
    const cookie = async () => (await context.cookies()).find((c) => c.name === 'spinyard_sidebar')?.value;
    await expect.poll(cookie).toBe('collapsed');

    await page.reload();
    await sidebar.waitFor({ state: 'visible' });
    await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
    expect(await cookie()).toBe('collapsed');
  });

  it('signs out with the logout button, lands on /login, and then a protected URL goes to /login', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await testId(page, 'topbar').waitFor({ state: 'visible' });

    await testId(page, 'logout').click();
    await expectPath(page, '/login');
    await page.locator('input[name="username"]').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('spinyard.access_token'))).toBeNull();

    await page.goto('/contents/list');
    await expectPath(page, '/login');
    await page.locator('input[name="username"]').waitFor({ state: 'visible' });
  });

  it('shows the not-found page for an unknown URL', async () => {
    const { page } = await openPage(suite);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await testId(page, 'not-found').waitFor({ state: 'visible' });
    expect(pathOf(page)).toBe('/no/such/page');
  });

  it('shows the not-found page for an unknown URL when signed in', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await testId(page, 'topbar').waitFor({ state: 'visible' });
    await page.goto('/no/such/page');
    await testId(page, 'not-found').waitFor({ state: 'visible' });
    expect(pathOf(page)).toBe('/no/such/page');
  });
});
