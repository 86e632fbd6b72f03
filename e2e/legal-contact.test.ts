import { describe, expect, it } from 'vitest';
import { api, firstDomainId } from './api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  requestAccessToken,
  signIn,
  signInAsMaster,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';
import { mailIds, outbox, waitForLink, waitForMail } from './mail.ts';

// Legal texts and the contact form (issue 19, points 2 and 8): the sign-up accepts the terms in force, a new
// version is asked again once, and an inquiry reaches the operator with a copy to the sender.

const publishTerms = async (baseUrl: string, master: string, domainId: string, en: string) => {
  const texts = { ja: `${en}（日本語）`, en, fr: '', pt: '' };
  expect((await api(`${baseUrl}/v1/legal/terms/draft`, master, { domain_id: domainId, texts })).status).toBe(200);
  expect((await api(`${baseUrl}/v1/legal/terms/publish`, master, { domain_id: domainId })).status).toBe(200);
};

describe.skipIf(skipBrowserTests)('legal texts and contact', () => {
  const suite = useSuite();

  it('shows the published terms at sign-up, records their acceptance, and asks again for a new version', async () => {
    const { baseUrl, dataDir } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    await publishTerms(baseUrl, master, domainId, 'Terms of the first version.');

    const { page } = await openPage(suite, 'fr-FR');
    await page.goto('/terms');
    const text = testId(page, 'legal-text');
    await expect.poll(() => text.getAttribute('data-version')).toBe('1');
    // No French text: the Japanese one, said so.
    expect(await textOf(text)).toContain('Terms of the first version.（日本語）');
    expect(await textOf(testId(page, 'footer-legal'))).toContain('Politique de confidentialité');

    const email = `legal-${Date.now()}@example.com`;
    await page.goto('/user/entry');
    await page.locator('input[name="company_name"]').fill('Legal Motors');
    await page.locator('input[name="name"]').fill('Aiko Sato');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('legal-pass-1');
    await page.locator('input[name="retypedPassword"]').fill('legal-pass-1');
    await page.locator('input[name="accept_terms"]').check();
    const before = await mailIds(outbox(dataDir));
    await page.locator('button[type="submit"]').click();
    await testId(page, 'entry-complete').waitFor({ state: 'visible' });
    await page.goto(await waitForLink(outbox(dataDir), email, '/user/activation/', before));
    await testId(page, 'activation-done').waitFor({ state: 'visible' });

    // Version 1 was accepted with the account: nothing is asked; version 2 is, once.
    await signIn(page, email, 'legal-pass-1');
    await page.locator('main').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await publishTerms(baseUrl, master, domainId, 'Terms of the second version.');
    await page.reload();
    const gate = page.getByRole('dialog');
    await gate.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    await page.locator('input[name="accept_legal"]').check();
    await testId(page, 'legal-gate-accept').click();
    await gate.waitFor({ state: 'detached' });
    await page.reload();
    await expectPath(page, '/top');
    await page.locator('main').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('sends an inquiry to the operator and a copy to the sender', async () => {
    const { dataDir, adminEmail } = suite.server;
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/contact/form');
    await page.locator('select[name="inquiry_type"]').selectOption('security');
    await page.locator('input[name="subject"]').fill('Two-step question');
    const before = await mailIds(outbox(dataDir));
    await page.locator('button[type="submit"]').click();
    // The body is required: named beside its field, nothing sent.
    await expect.poll(() => page.locator('textarea[name="body"]').getAttribute('aria-invalid')).toBe('true');
    await page.locator('textarea[name="body"]').fill('Can every user of my domain be made to use two-step sign-in?');
    await page.locator('button[type="submit"]').click();
    const sent = testId(page, 'contact-sent');
    await sent.waitFor({ state: 'visible' });
    expect(await textOf(sent)).toContain(adminEmail);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    // No operator address is configured: the masters receive it (here the sender too, so the copy follows).
    const inquiry = await waitForMail(outbox(dataDir), adminEmail, before, (m) => m.subject.includes('Inquiry'));
    expect(inquiry.text).toContain('Security');
    expect(inquiry.text).toContain('Can every user of my domain');
    await waitForMail(outbox(dataDir), adminEmail, before, (m) => m.subject.includes('We received your inquiry'));
  });
});
