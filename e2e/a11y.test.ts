import { describe, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signInAsMaster, testId, useSuite } from './harness/fixtures.ts';

// axe on the shell's pages: no serious or critical violations.
describe.skipIf(skipBrowserTests)('accessibility', () => {
  const suite = useSuite();

  it('/login', async () => {
    const { page } = await openPage(suite);
    await page.goto('/login');
    await page.locator('input[name="username"]').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });

  it('/top', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await expectPath(page, '/top');
    await testId(page, 'page-title').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });

  it('/statistic/chart (a coming-soon page)', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await testId(page, 'topbar').waitFor({ state: 'visible' });
    await page.goto('/statistic/chart');
    await expectPath(page, '/statistic/chart');
    await testId(page, 'page-title').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });

  it('the not-found page', async () => {
    const { page } = await openPage(suite);
    await page.goto('/no/such/page');
    await testId(page, 'not-found').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });
});
