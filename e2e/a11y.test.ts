import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signInAsMaster, testId, useSuite } from './harness/fixtures.ts';

// axe on the shell's pages: no serious or critical violations.
describe.skipIf(skipBrowserTests)('accessibility', () => {
  const suite = useSuite();

  /** Once the page's `shown` element is visible and the network is quiet, axe finds nothing serious. */
  async function expectAccessibleWhenShown(page: Page, shown: Locator) {
    await shown.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  }

  it('/login', async () => {
    const { page } = await openPage(suite);
    await page.goto('/login');
    await expectAccessibleWhenShown(page, page.locator('input[name="username"]'));
  });

  it('/top', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await expectPath(page, '/top');
    await expectAccessibleWhenShown(page, testId(page, 'page-title'));
  });

  it('/statistic/chart (a coming-soon page)', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await testId(page, 'topbar').waitFor({ state: 'visible' });
    await page.goto('/statistic/chart');
    await expectPath(page, '/statistic/chart');
    await expectAccessibleWhenShown(page, testId(page, 'page-title'));
  });

  it('the not-found page', async () => {
    const { page } = await openPage(suite);
    await page.goto('/no/such/page');
    await expectAccessibleWhenShown(page, testId(page, 'not-found'));
  });
});
