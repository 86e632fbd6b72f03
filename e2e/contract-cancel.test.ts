import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../apps/console/src/lib/storageKeys.ts';
import { activeSuperUser, api, offerPlan, registerPayingDealer } from './api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// Contract cancellation (first document, "Cancellation: a warning with four points and an 'I accept' checkbox,
// then a completion screen"): the company's super user cancels from the account settings; the account stays
// usable until the term end.

const DEALER = { email: 'cancel-dealer@example.com', password: 'Cancel-dealer-2025' };
const PLAN = { id: 'e2ecancel', name: 'Cancel Plan', amount: 5000, vehicle_limit: 5 };

/** A dealer who signed up on the product's domain and paid a plan with the local gateway's good test card. */
async function payingDealer(baseUrl: string, master: string): Promise<void> {
  await offerPlan(baseUrl, master, PLAN);
  await registerPayingDealer(baseUrl, { ...DEALER, name: 'Cancel Dealer', company_name: 'Cancel Motors' }, PLAN.id);
}

const SUPER = { email: 'cancel-super@example.com', password: 'Cancel-super-2025', name: 'Cancel Super' };

describe.skipIf(skipBrowserTests)('contract cancellation', () => {
  const suite = useSuite();

  it('the super user reads the four points, must accept, cancels, and can still sign in', async () => {
    const { baseUrl } = suite.server;
    const superId = await activeSuperUser(suite, SUPER);
    const master = await requestAccessToken(suite);

    const { page } = await openPage(suite, 'en-US');
    await signIn(page, SUPER.email, SUPER.password, '/account/conf');
    await page.getByRole('link', { name: 'Cancel contract' }).click();
    await expectPath(page, '/contract/cancel/conf');
    await expect.poll(() => testId(page, 'contract-warnings').locator('li').count()).toBe(4);
    // The end date before confirming; a super user's contract is not charged by card, so no charge is announced.
    await expect.poll(() => textOf(testId(page, 'contract-cancel-end'))).toMatch(/the service ends on \w+ \d+, \d{4}/);
    expect(await testId(page, 'contract-cancel-charges').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // Without "I accept" nothing is sent: the checkbox says why and takes the focus.
    await testId(page, 'contract-cancel-submit').click();
    await expect.poll(() => textOf(testId(page, 'contract-cancel'))).toContain('Tick "I accept"');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('accept_terms');
    expect((await api(`${baseUrl}/v1/superusers/${superId}`, master)).data).toMatchObject({ status: 'active' });

    // The completion screen is only for a cancelled contract.
    await page.goto('/contract/cancel/complete');
    await expectPath(page, '/contract/cancel/conf');

    await testId(page, 'contract-accept').check();
    await testId(page, 'contract-cancel-submit').click();
    await expectPath(page, '/contract/cancel/complete');
    await testId(page, 'contract-cancel-done').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    expect((await api(`${baseUrl}/v1/superusers/${superId}`, master)).data).toMatchObject({
      status: 'cancel_pending',
    });

    // The service goes on until the term end: the account signs in, and the screen says it is already cancelled.
    await page.goto('/logout');
    await expectPath(page, '/login');
    await signIn(page, SUPER.email, SUPER.password);
    await expectPath(page, '/top');
    await page.goto('/contract/cancel/conf');
    await testId(page, 'contract-already-cancelled').waitFor({ state: 'visible' });
  });

  it('a dealer paying by card cancels from the contract page and takes the cancellation back', async () => {
    const { baseUrl } = suite.server;
    await payingDealer(baseUrl, await requestAccessToken(suite));
    // In Japanese on a phone, as the dealers read it.
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEALER.email, DEALER.password, '/top');
    await page.goto('/settlements/subscription');
    await testId(page, 'contract-cancel-link').click();
    await expectPath(page, '/contract/cancel/conf');
    // Before confirming: the end date, and the one renewal still charged before it (a month's plan bought today
    // renews in a month, less than a month's notice ahead, so the contract ends a period later).
    await expect.poll(() => textOf(testId(page, 'contract-cancel-end'))).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    const endBefore = (await textOf(testId(page, 'contract-cancel-end'))).match(/\d{4}年\d{1,2}月\d{1,2}日/)?.[0];
    const charges = await textOf(testId(page, 'contract-cancel-charges'));
    expect(charges).toMatch(/\d{4}年\d{1,2}月\d{1,2}日に更新料￥5,500（税込）がもう1回請求されます/);
    await testId(page, 'contract-accept').check();
    await testId(page, 'contract-cancel-submit').click();
    await expectPath(page, '/contract/cancel/complete');
    // The end set is the end the confirm screen announced.
    await expect.poll(() => textOf(testId(page, 'contract-service-ends'))).toContain(endBefore ?? 'no date');

    await page.goto('/settlements/subscription');
    await expect.poll(() => textOf(testId(page, 'contract-end'))).toContain(`ご契約は${endBefore}に終了します`);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'take-back').click();
    await testId(page, 'contract-cancel-link').waitFor({ state: 'visible' });
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
    expect(token).toBeTruthy();
    const sub = await api(`${baseUrl}/v1/subscription`, token ?? '');
    expect(sub.data).toMatchObject({ status: 'active', end_date: null });
  });

  it('is not offered to other roles', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, suite.server.adminEmail, suite.server.adminPassword, '/account/conf');
    await testId(page, 'sign-in-security').waitFor({ state: 'visible' });
    expect(await testId(page, 'contract').count()).toBe(0);
    await page.goto('/contract/cancel/conf');
    await testId(page, 'not-available').waitFor({ state: 'visible' });
  });
});
