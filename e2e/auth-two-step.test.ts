import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  pathOf,
  requestAccessToken,
  signInAsMaster,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';
import { mailIds, outbox, waitForMail } from './mail.ts';

/** The 6-digit code of the newest two-step mail to this address sent after `before`. */
async function mailedCode(dataDir: string, to: string, before: Set<string>): Promise<string> {
  const mail = await waitForMail(outbox(dataDir), to, before, (m) => /\b\d{6}\b/.test(m.text));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

// Two-step sign-in (first document section 4, answer 202): turned on by the user on the two-step screen, then
// every sign-in asks for the 6-digit code mailed to the user.
describe.skipIf(skipBrowserTests)('two-step authentication', () => {
  const suite = useSuite();

  it('sends the user back to /login, saying why, when the held sign-in has ended', async () => {
    const { baseUrl } = suite.server;
    // A user the operator put under two-step (made before the master account turns two-step on below).
    const user = { email: 'two-step-user@example.com', password: 'Two-step-2025' };
    const created = await fetch(`${baseUrl}/v1/subordinates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await requestAccessToken(suite)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, privilege_type: 'admin', name: 'Two Step', two_step_forced: true }),
    });
    expect(created.status, await created.text()).toBe(201);

    const { page } = await openPage(suite, 'en-US');
    await submitPassword(page, user.email, user.password);
    await expectPath(page, '/login/authentication');
    await page.locator('input[name="code"]').waitFor({ state: 'visible' });

    // The held sign-in ends on the server (as when it times out): the next code is answered 401.
    const temp = await page.evaluate(() => localStorage.getItem('spinyard.temp_token'));
    expect(temp).toBeTruthy();
    await fetch(`${baseUrl}/v1/auth/token/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: temp ?? '' }),
    });
    await page.locator('input[name="code"]').fill('123456');
    await page.locator('button[type="submit"]').click();
    await expectPath(page, '/login');
    const notice = testId(page, 'login-notice');
    await notice.waitFor({ state: 'visible' });
    expect(await textOf(notice)).toContain('sign in again');
    expect(await page.evaluate(() => localStorage.getItem('spinyard.temp_token'))).toBeNull();
  });

  it('is turned on on /account/two-step, then a sign-in needs the mailed code; a wrong code is refused', async () => {
    const { server } = suite;
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite);
    await expectPath(page, '/top');

    await page.goto('/account/two-step');
    const toggle = page.getByRole('switch');
    await toggle.waitFor({ state: 'attached' });
    const state = testId(page, 'two-step-state');
    await expect.poll(() => textOf(state)).toBe('Off');
    expect(await toggle.isDisabled()).toBe(false);
    expect(await textOf(testId(page, 'two-step-channels'))).toContain(server.adminEmail);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // The switch's input is drawn by its track; the click goes to the input itself.
    await toggle.click({ force: true });
    await expect.poll(() => textOf(state)).toBe('On');
    expect(await toggle.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await testId(page, 'logout').click();
    await expectPath(page, '/login');

    const before = await mailIds(outbox(server.dataDir));
    await submitPassword(page, server.adminEmail, server.adminPassword);
    await expectPath(page, '/login/authentication');
    const code = await mailedCode(server.dataDir, server.adminEmail, before);
    const codeInput = page.locator('input[name="code"]');
    await codeInput.waitFor({ state: 'visible' });
    expect(await codeInput.getAttribute('inputmode')).toBe('numeric');
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await textOf(testId(page, 'code-delivery'))).toContain('by e-mail');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // A wrong code: the message says so and the user may try again on the same screen.
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.locator('button[type="submit"]').click();
    const error = testId(page, 'code-error');
    await error.waitFor({ state: 'visible' });
    expect(await textOf(error)).toContain('not correct');
    expect(await codeInput.getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/login/authentication');
    await expectNoSeriousA11yViolations(page);

    await codeInput.fill(code);
    await page.locator('button[type="submit"]').click();
    await expectPath(page, '/top');
    await testId(page, 'topbar').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('spinyard.temp_token'))).toBeNull();
  });
});
