import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, testId, textOf, useSuite } from './harness/fixtures.ts';
import { mailIds, outbox, waitForLink } from './mail.ts';

// Self-registration (first document section 2: /user/entry; the terms accepted first, second document section 5).
describe.skipIf(skipBrowserTests)('super-user registration', () => {
  const suite = useSuite();

  it('asks for the terms, then registers and mails the activation link', async () => {
    const { server } = suite;
    const { page } = await openPage(suite, 'en-US');
    await page.goto('/user/entry');
    const companyName = page.locator('input[name="company_name"]');
    await companyName.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    const email = `entry-${Date.now()}@example.com`;
    await companyName.fill('Spin Motors');
    await page.locator('input[name="name"]').fill('Aiko Sato');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('entry-pass-1');
    await page.locator('input[name="retypedPassword"]').fill('entry-pass-1');

    // Without the box ticked: an error beside it naming it, and what was typed stays.
    const terms = page.locator('input[name="accept_terms"]');
    const submit = page.locator('button[type="submit"]');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await expect.poll(() => terms.getAttribute('aria-invalid')).toBe('true');
    expect(await textOf(page.locator('form'))).toContain('I accept the terms of service');
    expect(await companyName.inputValue()).toBe('Spin Motors');
    await expectNoSeriousA11yViolations(page);

    const before = await mailIds(outbox(server.dataDir));
    await terms.check();
    await submit.click();
    const done = testId(page, 'entry-complete');
    await done.waitFor({ state: 'visible' });
    expect(await done.getAttribute('data-tone')).toBe('mail');
    const text = await textOf(done);
    expect(text).toContain(email);
    expect(text).toContain('7 days');
    await expectNoSeriousA11yViolations(page);

    const link = await waitForLink(outbox(server.dataDir), email, '/user/activation/', before);
    expect(link).toMatch(/^\/user\/activation\/.+/);

    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await expectPath(page, '/login');
  });
});
