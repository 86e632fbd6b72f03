import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, newContext, skipBrowserTests, workerBrowser } from './harness/browser.ts';

// The accessibility check itself (harness/axe.ts): every console page is checked with it by the console sweep
// (console-sweep-*.test.ts, at both sizes), the viewer's pages by their own files. This file needs no server.
describe.skipIf(skipBrowserTests)('the accessibility check', () => {
  it('fails on what axe finds in the page and in its frames, cross-origin ones included', async () => {
    const context = await newContext(await workerBrowser(), { baseUrl: 'http://a.test', locale: 'en-US' });
    try {
      const page = await context.newPage();
      const child = '<html lang="en"><head><title>c</title></head><body><button></button></body></html>';
      const frames = ['http://a.test/child', 'http://b.test/child'].map(
        (src) => `<iframe title="${src}" src="${src}"></iframe>`,
      );
      const top = `<html lang="en"><head><title>t</title></head><body><main><h1>t</h1><img src="data:,">${frames.join('')}</main></body></html>`;
      await context.route(/^http:\/\/[ab]\.test\//, (route) => {
        const inner = new URL(route.request().url()).pathname === '/child';
        return route.fulfill({ contentType: 'text/html', body: inner ? child : top });
      });
      await page.goto('/');
      await page.waitForLoadState('load');
      const failure = await expectNoSeriousA11yViolations(page).then(
        () => '',
        (error: Error) => error.message,
      );
      expect(failure).toContain('image-alt');
      expect(failure).toContain('["iframe[title=\\"http://a.test/child\\"]","button"]');
      expect(failure).toContain('["iframe[title=\\"http://b.test/child\\"]","button"]');
    } finally {
      await context.close();
    }
  });
});
