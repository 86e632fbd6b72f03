import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// Sign-up and purchase (issue 19, point 2): /user/plan -> /user/payment -> /user/entry with the local gateway's
// test cards, and the dealer's contract page.

const PLAN = {
  id: 'e2estarter',
  name: 'Starter',
  amount: 3000,
  interval: 'month',
  currency: 'jpy',
  statement_descriptor: 'SPINYARD',
  vehicle_limit: 7,
  status: 'active',
  enabled: true,
  shown: true,
};
const PASSWORD = 'dealer-pass-1';

/** From the plan list to the registration form, with this card. */
async function pickPlanAndCard(page: Page, number: string): Promise<void> {
  await page.goto('/user/plan');
  await page.getByRole('radio', { name: /Starter/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/user/payment');
  await fillCard(page, number);
  await page.getByRole('button', { name: 'Continue to registration' }).click();
  await expectPath(page, '/user/entry');
}

/** The card form's fields (features/billing/card/CardForm.tsx), the expiry always 12/35. */
async function fillCard(page: Page, number: string): Promise<void> {
  await page.locator('input[name="number"]').fill(number);
  await page.locator('input[name="exp_month"]').fill('12');
  await page.locator('input[name="exp_year"]').fill('35');
  await page.locator('input[name="cvc"]').fill('123');
}

async function fillEntry(page: Page, email: string): Promise<void> {
  await page.locator('input[name="company_name"]').fill('Spin Motors');
  await page.locator('input[name="name"]').fill('Aiko Sato');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="retypedPassword"]').fill(PASSWORD);
  await page.locator('input[name="accept_terms"]').check();
  await page.locator('button[type="submit"]').click();
}

describe.skipIf(skipBrowserTests)('sign-up and purchase', () => {
  const suite = useSuite();
  const paidEmail = `paid-${Date.now()}@example.com`;

  beforeAll(async () => {
    const master = await requestAccessToken(suite);
    expect((await api(`${suite.server.baseUrl}/v1/plans`, master, PLAN)).status).toBe(201);
  });

  it('a new dealer picks a plan, pays with a test card, registers and lands signed in with the limit', async () => {
    const { page } = await openPage(suite, 'en-US');
    // The login page's sign-up link starts at the plans once one is offered (it led to the registration without a
    // plan, skipping the card).
    await page.goto('/login');
    await testId(page, 'sign-up-link').click();
    await testId(page, 'offered-plan').first().waitFor({ state: 'visible' });
    await pickPlanAndCard(page, '4242 4242 4242 4242');
    expect(await textOf(testId(page, 'entry-purchase'))).toContain('ending in 4242');
    await fillEntry(page, paidEmail);
    await page.waitForURL((url) => !['/user/entry', '/login'].includes(url.pathname), { timeout: 20_000 });
    await page.goto('/settlements/usagequota');
    await expect.poll(() => textOf(testId(page, 'quota-used'))).toBe('0 of 7 vehicles');
  });

  it('a refused card shows its own message and the forms keep what was typed', async () => {
    const { page } = await openPage(suite, 'en-US');
    // The test issuer's expired card passes the browser's checks and is refused when saved.
    await pickPlanAndCard(page, '4000000000000069');
    await fillEntry(page, `refused-${Date.now()}@example.com`);
    await expect.poll(() => textOf(testId(page, 'entry-error'))).toContain('card has expired');
    expect(await page.locator('input[name="company_name"]').inputValue()).toBe('Spin Motors');
    await page.getByRole('link', { name: 'Change card' }).click();
    await expectPath(page, '/user/payment');
    expect(await page.locator('input[name="number"]').inputValue()).toBe('4000000000000069');
  });

  it('a new dealer paying with a 3-D Secure card passes the check and lands signed in; a refused or given-up check starts over', async () => {
    const challengeCard = '4000 0027 6000 3184';
    const { page } = await openPage(suite, 'en-US');
    await pickPlanAndCard(page, challengeCard);
    await fillEntry(page, `secure-${Date.now()}@example.com`);
    await page.waitForURL((url) => url.pathname.startsWith('/local-gateway/3ds/'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Authenticate', exact: true }).click();
    // Back on /user/entry?confirm=1: the tab's sign-in hold confirms the payment and signs the dealer in.
    await page.waitForURL((url) => url.pathname === '/top', { timeout: 20_000 });
    await page.goto('/settlements/usagequota');
    await expect.poll(() => textOf(testId(page, 'quota-used'))).toBe('0 of 7 vehicles');

    // Refused by the issuer: no account is kept, the card's error is on /user/payment with the plan still chosen,
    // and the same address registers again.
    const refused = (await openPage(suite, 'en-US')).page;
    const email = `secure-refused-${Date.now()}@example.com`;
    await pickPlanAndCard(refused, challengeCard);
    await fillEntry(refused, email);
    await refused.waitForURL((url) => url.pathname.startsWith('/local-gateway/3ds/'), { timeout: 20_000 });
    await refused.getByRole('button', { name: 'Fail authentication' }).click();
    await expectPath(refused, '/user/payment');
    await expect.poll(() => textOf(testId(refused, 'payment-refused'))).toContain('declined');
    // Again with the challenge card, back before answering (as the browser's back button leaves it): the dealer gives
    // the check up for another card; the server cancels the payment and the account.
    await fillCard(refused, challengeCard);
    await refused.getByRole('button', { name: 'Continue to registration' }).click();
    await expectPath(refused, '/user/entry');
    await fillEntry(refused, email);
    await refused.waitForURL((url) => url.pathname.startsWith('/local-gateway/3ds/'), { timeout: 20_000 });
    await refused.goto('/user/entry?confirm=1');
    await testId(refused, 'give-up-check').waitFor();
    await expectNoSeriousA11yViolations(refused);
    await testId(refused, 'give-up-check').click();
    await expectPath(refused, '/user/payment');
    await expect.poll(() => textOf(testId(refused, 'payment-refused'))).toContain('payment was cancelled');
    await fillCard(refused, '4242 4242 4242 4242');
    await refused.getByRole('button', { name: 'Continue to registration' }).click();
    await expectPath(refused, '/user/entry');
    await fillEntry(refused, email);
    await refused.waitForURL((url) => !['/user/entry', '/login'].includes(url.pathname), { timeout: 20_000 });
  });

  it('the contract page in Japanese', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, paidEmail, PASSWORD, '/settlements/subscription');
    const table = testId(page, 'subscription-table');
    await expect.poll(() => textOf(table)).toContain('￥3,300');
    expect(await textOf(table)).toContain('Starter');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    // A downgrade waiting for the period's end is taken back on the page (the plan change lists only other plans).
    const dealer = await requestAccessToken(suite, { email: paidEmail, password: PASSWORD });
    const down = await api(`${suite.server.baseUrl}/v1/subscription`, dealer, {
      plan_id: 'free',
      request_id: crypto.randomUUID(),
    });
    expect(down.status, JSON.stringify(down.data)).toBeLessThan(300);
    await page.reload();
    await testId(page, 'keep-plan').waitFor();
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'keep-plan').click();
    await expect.poll(() => testId(page, 'scheduled-plan').count()).toBe(0);
    const kept = await api(`${suite.server.baseUrl}/v1/subscription`, dealer);
    expect(kept.data).toMatchObject({ plan: { id: PLAN.id }, scheduled_plan: null });

    // The invoices' month filters write the month in the console's language, not the browser's own way.
    await page.goto('/settlements/invoice');
    // The plan column names the plan (its id is only a fallback).
    await expect.poll(() => textOf(testId(page, 'invoice-row').first())).toContain('Starter');
    expect(await textOf(testId(page, 'invoice-row').first())).not.toContain(PLAN.id);
    await expect.poll(() => textOf(testId(page, 'invoice-from-day'))).toBe('年/月');
    await page.locator('[data-testid="invoice-from"]').fill('2026-11');
    await expect.poll(() => textOf(testId(page, 'invoice-from-day'))).toBe('2026/11');
  });

  it('behind on payment, a card with 3-D Secure is checked by the issuer and the dealer is back in', async () => {
    // The renewal failed (what the billing job does on a refused charge): the gate sends the dealer to
    // /payment-failure. Set in the database: the server's billing clock is the system's here.
    const db = new pg.Client({ connectionString: await suite.server.databaseUrl() });
    await db.connect();
    try {
      await db.query(
        `update subscriptions set status = 'past_due', past_due_since = now(), next_retry_at = now() + interval '3 days'
          where user_id = (select id from users where email = $1) and status = 'active'`,
        [paidEmail],
      );
      await db.query('update users set payment_failed_at = now() where email = $1', [paidEmail]);
    } finally {
      await db.end();
    }
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, paidEmail, PASSWORD, '/top');
    await expectPath(page, '/payment-failure');
    await testId(page, 'update-payment').click();
    // The test issuer's card that asks for a challenge.
    await fillCard(page, '4000002760003184');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/local-gateway/3ds/'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Authenticate' }).click();
    // Back on /payment-failure?confirm=1: the open amount is confirmed paid and the console opens.
    await page.waitForURL(
      (url) => !['/payment-failure', '/login'].includes(url.pathname) && !url.pathname.startsWith('/local-gateway'),
      {
        timeout: 20_000,
      },
    );
    await page.goto('/settlements/subscription');
    await expect.poll(() => textOf(testId(page, 'subscription-table'))).toContain('Active');
  });
});
