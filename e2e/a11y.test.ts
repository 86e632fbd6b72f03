import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

  it('fails on what axe finds in the page and in its frames, cross-origin ones included', async () => {
    const { context, page } = await openPage(suite);
    const child = '<html lang="en"><head><title>c</title></head><body><button></button></body></html>';
    await context.route(/^http:\/\/[ab]\.test\//, (route) => {
      const inner = new URL(route.request().url()).pathname === '/child';
      const frames = ['http://a.test/child', 'http://b.test/child'].map(
        (src) => `<iframe title="${src}" src="${src}"></iframe>`,
      );
      const body = inner
        ? child
        : `<html lang="en"><head><title>t</title></head><body><main><h1>t</h1><img src="data:,">${frames.join('')}</main></body></html>`;
      return route.fulfill({ contentType: 'text/html', body });
    });
    await page.goto('http://a.test/');
    await page.waitForLoadState('load');
    const failure = await expectNoSeriousA11yViolations(page).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toContain('image-alt');
    expect(failure).toContain('["iframe[title=\\"http://a.test/child\\"]","button"]');
    expect(failure).toContain('["iframe[title=\\"http://b.test/child\\"]","button"]');
  });
});
