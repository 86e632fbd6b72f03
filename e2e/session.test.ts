import { describe, expect, it } from 'vitest';
import { skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, requestAccessToken, signInAsMaster, testId, useSuite } from './harness/fixtures.ts';

describe.skipIf(skipBrowserTests)('session shared between tabs', () => {
  const suite = useSuite();

  it('alerts "logged in as another user" when another tab changes the stored access token', async () => {
    const { context, page: first } = await openPage(suite);
    await signInAsMaster(first, suite);
    await expectPath(first, '/top');
    await testId(first, 'topbar').waitFor({ state: 'visible' });

    const second = await context.newPage();
    await second.goto('/top');
    await testId(second, 'topbar').waitFor({ state: 'visible' });
    const before = await second.evaluate(() => localStorage.getItem('spinyard.access_token'));
    expect(before).toBeTruthy();

    // Another sign-in in this browser (another user's, as far as the first tab can tell) replaces the token.
    const otherToken = await requestAccessToken(suite);
    expect(otherToken).not.toBe(before);
    await second.evaluate((token) => localStorage.setItem('spinyard.access_token', token), otherToken);

    const alert = testId(first, 'another-user-alert');
    await alert.waitFor({ state: 'visible' });

    // Acknowledging it sends the first tab to sign in again.
    await alert.getByRole('button').click();
    await expectPath(first, '/login');
  });
});
