import { describe, expect, it } from 'vitest';
import { activeSuperUser } from './api.ts';
import { skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signIn, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

describe.skipIf(skipBrowserTests)('a server restart', () => {
  // The embedded PostgreSQL in the data folder, as `npm start` runs it: the one file whose server has no clone.
  const suite = useSuite({ embeddedDatabase: true });

  // The master account is made again from the environment at every start, so signing in as master proves nothing
  // about the data folder: a user registered before the restart must still be there after it.
  it('keeps the data: a user registered before the restart signs in after it', async () => {
    const account = { email: 'kept-across-restart@example.test', password: 'kept-pass-42', name: 'Kept' };
    await activeSuperUser(suite, account);

    await suite.server.restart();

    const { page } = await openPage(suite);
    await signIn(page, account.email, account.password);
    await expectPath(page, '/top');
    const label = testId(page, 'account-label');
    await label.waitFor({ state: 'visible' });
    await expect.poll(() => textOf(label)).toContain(account.email);
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
