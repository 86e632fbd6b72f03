import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signInWithForm, testId, textOf, useSuite } from './harness/fixtures.ts';
import { mailIds, outbox, waitForLink } from './mail.ts';

const RESET_PATH = '/user/password/confirmation/';

// Password reset (first document section 2: /user/password, the mailed link, /user/password/complete).
describe.skipIf(skipBrowserTests)('password reset', () => {
  const suite = useSuite();

  it('mails a link to the master address; the link sets a new password that signs in', async () => {
    const { server } = suite;
    const { page } = await openPage(suite, 'en-US');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/user/password');
    const email = page.locator('input[name="email"]');
    await email.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // A malformed address is refused beside the field, and what was typed stays.
    await email.fill('not an address');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.inputValue()).toBe('not an address');

    const before = await mailIds(outbox(server.dataDir));
    await email.fill(server.adminEmail);
    await page.locator('button[type="submit"]').click();
    const sent = testId(page, 'reset-requested');
    await sent.waitFor({ state: 'visible' });
    expect(await textOf(sent)).toContain(server.adminEmail);
    await expectNoSeriousA11yViolations(page);

    const link = await waitForLink(outbox(server.dataDir), server.adminEmail, RESET_PATH, before);
    await page.goto(link);
    const password = page.locator('input[name="password"]');
    const retyped = page.locator('input[name="retypedPassword"]');
    await password.waitFor({ state: 'visible' });
    // The link was checked first: the form names the (masked) account.
    expect(await textOf(testId(page, 'reset-account'))).toContain('@example.com');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // The domain's rules are checked before sending, each beside its field.
    await password.fill('short');
    await retyped.fill('shorter');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await retyped.getAttribute('aria-invalid')).toBe('true');
    expect(await textOf(page.locator('form'))).toContain('at least 8 characters');
    await expectNoSeriousA11yViolations(page);

    const newPassword = `${server.adminPassword}-new`;
    await password.fill(newPassword);
    await retyped.fill(newPassword);
    await page.locator('button[type="submit"]').click();
    await expectPath(page, '/user/password/complete');
    await testId(page, 'reset-complete').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page);

    // The link works once.
    await page.goto(link);
    await testId(page, 'reset-link-problem').waitFor({ state: 'visible' });

    // The old password no longer signs in; the new one does.
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(server.adminEmail);
    await page.locator('input[name="password"]').fill(server.adminPassword);
    await page.locator('button[type="submit"]').click();
    await testId(page, 'login-error').waitFor({ state: 'visible' });
    await signInWithForm(page, server.adminEmail, newPassword);
    await expectPath(page, '/top');
  });

  it('explains a link that is not valid and offers to ask again', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto(`${RESET_PATH}not-a-real-token`);
    const problem = testId(page, 'reset-link-problem');
    await problem.waitFor({ state: 'visible' });
    expect(await textOf(problem)).toContain('not valid');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expectPath(page, '/user/password');
  });
});
