import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../apps/console/src/i18n/ja.json';
import { type FakeListing, startFakeListing } from '../apps/server/test/helpers/fake-listing.ts';
import { api } from './api.ts';
import { activeSuperUserSession, apiSignIn, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { openPage, type Suite, signIn, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

// The listing-site link end to end in Japanese against the fake partner over HTTP (issue 22, "Done when"): a dealer
// joined to the listing site signs in on /account-link (a wrong password named first), the top bar then says
// signed in, the vehicle's detail page links it, the partner shows its view and the figures count it; the page
// works on a phone and passes axe. Then the master's two statistics of the link: every dealer's figures per company,
// and that dealer's advertising read with their partner account.

let fake: FakeListing | undefined;
beforeAll(async () => {
  fake = await startFakeListing();
  fake.partner.addClient({ loginId: 'e2e-dealer', password: 'partner-pass-1', name: 'E2E自動車' });
  fake.partner.addProperty({ propertyCode: 'E2E-100', vin: '', title: 'ロードスター', owner: 'e2e-dealer' });
  fake.partner.addProperty({ propertyCode: 'E2E-200', vin: '', title: 'フェアレディZ', owner: 'e2e-dealer' });
});
afterAll(() => fake?.close());

/**
 * The domain offers the link and the dealer is joined (a contract setting master and super make); each vehicle gets
 * an exterior and the listing ID given ('' for none).
 */
async function join(suite: Suite, email: string, keys: Record<string, string>): Promise<void> {
  const client = new pg.Client({ connectionString: await suite.server.databaseUrl() });
  await client.connect();
  try {
    await client.query(`UPDATE domains SET options = options || '{"listing_link": true}'::jsonb`);
    await client.query(`UPDATE users SET image_system = image_system || '{"cs_join": true}'::jsonb WHERE email = $1`, [
      email,
    ]);
    for (const [contentId, key] of Object.entries(keys)) {
      await client.query('UPDATE contents SET has_exterior = true, listing_id = $2 WHERE id = $1', [contentId, key]);
    }
  } finally {
    await client.end();
  }
}

describe.skipIf(skipBrowserTests)('listing-site link', () => {
  const suite = useSuite({
    // Read when the server starts, after the fake above is listening.
    get env() {
      return { SPINYARD_LISTING: 'http', SPINYARD_LISTING_URL: fake?.url ?? '' };
    },
  });
  const stamp = Date.now().toString(36);
  const account = { email: `listing-${stamp}@example.com`, password: 'abcd1234', name: `Listing ${stamp}` };
  let vehicle = '';
  // The list's rows: one with a property on the partner, one whose key matches none, one without a key, and one a
  // staff member created (the super user sees it, but only its creator may link it).
  const rows = { fair: '', stray: '', keyless: '', staff: '' };

  beforeAll(async () => {
    const session = await activeSuperUserSession(suite, account);
    const make = (suffix: string, car_name: string) =>
      createVehicle(suite, session, { management_id: `LST${suffix}-${stamp}`.toUpperCase(), car_name });
    vehicle = await make('', 'ロードスター');
    rows.fair = await make('F', 'フェアレディZ');
    rows.stray = await make('S', 'スカイライン');
    rows.keyless = await make('K', 'シルビア');
    const staffEmail = `listing-staff-${stamp}@example.com`;
    const made = await api(`${suite.server.baseUrl}/v1/subordinates`, session.access, {
      email: staffEmail,
      password: 'abcd1234',
      privilege_type: 'admin',
      name: `Staff ${stamp}`,
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const staff = await apiSignIn(suite, staffEmail, 'abcd1234');
    rows.staff = await createVehicle(suite, staff, {
      management_id: `LSTT-${stamp}`.toUpperCase(),
      car_name: 'セリカ',
    });
    await join(suite, account.email, {
      [vehicle]: 'E2E-100',
      [rows.fair]: 'E2E-200',
      [rows.stray]: 'E2E-404',
      [rows.keyless]: '',
      [rows.staff]: 'E2E-300',
    });
  }, 120_000);

  it('signs in on /account-link, links a vehicle from its page and counts it', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, account.email, account.password, '/account-link');
    await testId(page, 'listing-status').waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'listing-status'))).toBe('未ログイン');
    expect(await textOf(testId(page, 'car-site-status'))).toBe('掲載サイト：未連携');

    await page.getByLabel('ログインID').fill('e2e-dealer');
    await page.locator('input[name="password"]').fill('wrong-pass');
    await testId(page, 'listing-sign-in').click();
    await page.getByText('ログインIDまたはパスワードが掲載サイトで確認できませんでした').first().waitFor();
    await page.locator('input[name="password"]').fill('partner-pass-1');
    await testId(page, 'listing-sign-in').click();
    await expect.poll(() => textOf(testId(page, 'listing-status'))).toBe('ログイン中');
    await expect.poll(() => textOf(testId(page, 'car-site-status'))).toBe('掲載サイト：ログイン中');

    await page.goto(`/contents/detail/${vehicle}`);
    await testId(page, 'vehicle-link').waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'vehicle-link-state'))).toBe('未連携');
    await testId(page, 'vehicle-link-add').click();
    await expect.poll(() => textOf(testId(page, 'vehicle-link-state')), { timeout: 20_000 }).toBe('連携済み');
    expect(fake?.partner.viewOf('E2E-100')).toBe(vehicle);

    await page.goto('/account-link');
    await expect.poll(() => textOf(testId(page, 'listing-stat-new').locator('p').last())).toBe('1');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/listing-account-link-ja-phone.png', fullPage: true });

    // The listing statistics of a joined dealer: the partner's views and inquiries per day, drawn.
    await page.goto('/statistic/cs-chart-cl');
    await testId(page, 'cs-chart-page').locator('.recharts-surface').first().waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/listing-cs-chart-ja-phone.png', fullPage: true });
  });

  // After the link above: master sees it counted under the dealer's company, and reads the dealer's advertising.
  it("shows master every dealer's link figures and a dealer's advertising, on a phone", async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsMaster(page, suite, '/statistic/cs-chart');
    await expect.poll(() => textOf(testId(page, 'cs-overview-total-new'))).toBe('新規連携1');
    await testId(page, 'cs-overview-row').first().waitFor({ state: 'visible' });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/listing-cs-overview-ja-phone.png', fullPage: true });

    await page.goto('/statistic/cs-criteo-chart');
    await testId(page, 'cs-criteo-dealer').click();
    await page.getByRole('option', { name: /e2e-dealer/ }).click();
    await testId(page, 'cs-criteo-page').locator('.recharts-surface').first().waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'cs-criteo-total-clicks'))).toMatch(/^クリック数\d/);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/listing-cs-criteo-ja-phone.png', fullPage: true });
  });

  it('links from the vehicle list: each row says its state, only the creator’s rows offer it, refusals stay on the row', async () => {
    // Signed out of the partner first (the journey above signed in on /account-link): no row offers a link, and the
    // list says where to sign in.
    const session = await apiSignIn(suite, account.email, account.password);
    const cs = (call: string, body: unknown) =>
      api(`${suite.server.baseUrl}/api/browser/v0/cs/${call}`, session.content, body);
    expect((await cs('logout', {})).status).toBe(200);
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, account.email, account.password, '/contents/list');
    const row = (id: string) => page.locator(`[data-testid="content-row"][data-id="${id}"]`);
    const state = (id: string) => row(id).getByTestId('content-link').getAttribute('data-state');
    await testId(page, 'content-link-note').waitFor({ state: 'visible' });
    expect(await row(rows.fair).getByTestId('content-link-add').count()).toBe(0);

    const login = await cs('login', { login_id: 'e2e-dealer', password: 'partner-pass-1' });
    expect(login.status, JSON.stringify(login.data)).toBe(200);
    await page.reload();
    await row(rows.fair).getByTestId('content-link-add').waitFor({ state: 'visible' });

    expect(await textOf(row(rows.staff).getByTestId('content-link-state'))).toBe(ja.listing.states.not_linked);
    expect(await row(rows.staff).getByTestId('content-link-add').count()).toBe(0);

    // A vehicle without a key is refused on its own row; the list and the other rows stay as they were.
    await row(rows.keyless).getByTestId('content-link-add').click();
    await expect
      .poll(() => textOf(row(rows.keyless).getByTestId('content-link-refusal')))
      .toBe(ja.errors.listing_key_missing);
    expect(await state(rows.keyless)).toBe('not_linked');

    // Two ticked rows linked at once: one links, the other's key matches no property and says so in words.
    await tick(page, rows.fair);
    await tick(page, rows.stray);
    await page.getByTestId('content-bulk-link').click();
    await expect.poll(() => state(rows.fair), { timeout: 20_000 }).toBe('linked');
    await expect.poll(() => state(rows.stray), { timeout: 20_000 }).toBe('error_key_match');
    expect(await textOf(row(rows.fair).getByTestId('content-link-state'))).toBe(ja.listing.states.linked);
    expect(await textOf(row(rows.stray).getByTestId('content-link-error'))).toContain(
      ja.errors.listing.error_key_match,
    );
    expect(fake?.partner.viewOf('E2E-200')).toBe(rows.fair);

    await row(rows.fair).getByTestId('content-link-remove').click();
    await expect.poll(() => state(rows.fair), { timeout: 20_000 }).toBe('not_linked');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/listing-list-rows-ja-phone.png', fullPage: true });
  });
});

/** Ticks a row of the vehicle list for the bulk actions. */
async function tick(page: Page, id: string): Promise<void> {
  await page.locator(`[data-testid="content-row"][data-id="${id}"]`).getByTestId('content-select').check();
}
