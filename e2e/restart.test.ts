import { describe, expect, it } from 'vitest';
import { skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

describe.skipIf(skipBrowserTests)('a server restart', () => {
  const suite = useSuite();

  it('keeps the master user: signing in works after the restart', async () => {
    const before = await openPage(suite);
    await signInAsMaster(before.page, suite);
    await expectPath(before.page, '/top');

    await suite.server.restart();

    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await expectPath(page, '/top');
    const account = testId(page, 'account-label');
    await account.waitFor({ state: 'visible' });
    await expect.poll(() => textOf(account)).toContain(suite.server.adminEmail);
  }, 180_000);

  it('keeps a session made before the restart signed in', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite);
    await expectPath(page, '/top');

    await suite.server.restart();

    await page.reload();
    await testId(page, 'topbar').waitFor({ state: 'visible' });
    await expectPath(page, '/top');
  }, 180_000);
});
