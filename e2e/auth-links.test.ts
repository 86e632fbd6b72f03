import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  requestAccessToken,
  signInWithForm,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';
import { mailIds, outbox, waitForLink } from './mail.ts';

const SUPER = { email: 'new-super@example.com', password: 'New-super-2025', name: 'New Super' };

// The screens opened from mailed links: account activation (/user/activation/{id}) and the confirmation of a new
// sign-in e-mail (/user/email/confirmation/{token}).
describe.skipIf(skipBrowserTests)('links from account mails', () => {
  const suite = useSuite();

  it('activates a new super user from the mailed link, once; then the account signs in', async () => {
    const { baseUrl, dataDir } = suite.server;
    const master = await requestAccessToken(suite);
    const domains = await api(`${baseUrl}/v1/domain`, master);
    const domainId = (domains.data as { items?: { id: string; host: string }[] }).items?.[0]?.id;
    expect(domainId, JSON.stringify(domains.data)).toBeTruthy();
    const before = await mailIds(outbox(dataDir));
    const created = await api(`${baseUrl}/v1/superusers`, master, { ...SUPER, domain_id: domainId });
    expect(created.status, JSON.stringify(created.data)).toBeLessThan(300);

    const link = await waitForLink(outbox(dataDir), SUPER.email, '/user/activation/', before);
    const { page } = await openPage(suite, 'en-US');
    await page.goto(link);
    const done = testId(page, 'activation-done');
    await done.waitFor({ state: 'visible' });
    expect(await textOf(done)).toContain('is now active');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // Opening the link again says the account is already active.
    await page.reload();
    await testId(page, 'activation-already').waitFor({ state: 'visible' });

    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await expectPath(page, '/login');
    await signInWithForm(page, SUPER.email, SUPER.password);
    await expectPath(page, '/top');
  });

  it('offers a new activation mail for a link that is not valid', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.goto('/user/activation/not-a-real-link');
    await testId(page, 'activation-invalid').waitFor({ state: 'visible' });
    const email = page.locator('input[name="email"]');
    await email.fill(SUPER.email);
    await page.locator('button[type="submit"]').click();
    await testId(page, 'resend-sent').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });

  it('confirms a new sign-in e-mail from the link mailed to it', async () => {
    const { baseUrl, dataDir, adminEmail } = suite.server;
    const master = await requestAccessToken(suite);
    const newEmail = 'operator@example.com';
    const before = await mailIds(outbox(dataDir));
    const asked = await api(`${baseUrl}/v1/profile/email`, master, { newEmail, retypedNewEmail: newEmail });
    expect(asked.status, JSON.stringify(asked.data)).toBe(200);
    const link = await waitForLink(outbox(dataDir), newEmail, '/user/email/confirmation/', before);

    const { page } = await openPage(suite, 'en-US');
    await page.goto(link);
    const confirmed = testId(page, 'email-confirmed');
    await confirmed.waitFor({ state: 'visible' });
    expect(await textOf(confirmed)).toContain(newEmail);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // Used once: opening it again explains.
    await page.reload();
    await testId(page, 'email-confirmation-invalid').waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page);

    // The new address signs in; put the old one back for the other tests.
    await signInWithForm(page, newEmail, suite.server.adminPassword);
    await expectPath(page, '/top');
    const token = await page.evaluate(() => localStorage.getItem('spinyard.access_token'));
    const back = await api(`${baseUrl}/v1/profile/email`, token ?? '', {
      newEmail: adminEmail,
      retypedNewEmail: adminEmail,
    });
    expect(back.status).toBe(200);
    const restore = await waitForLink(outbox(dataDir), adminEmail, '/user/email/confirmation/', before);
    await page.goto(restore);
    await testId(page, 'email-confirmed').waitFor({ state: 'visible' });
  });
});
