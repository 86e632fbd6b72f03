import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeListing, startFakeListing } from '../apps/server/test/helpers/fake-listing.ts';
import { activeSuperUserSession, createVehicle } from './contents-api.ts';
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
});
afterAll(() => fake?.close());

/** The domain offers the link and the dealer is joined (a contract setting master and super make). */
async function join(suite: Suite, email: string, contentId: string): Promise<void> {
  const client = new pg.Client({ connectionString: await suite.server.databaseUrl() });
  await client.connect();
  try {
    await client.query(`UPDATE domains SET options = options || '{"listing_link": true}'::jsonb`);
    await client.query(`UPDATE users SET image_system = image_system || '{"cs_join": true}'::jsonb WHERE email = $1`, [
      email,
    ]);
    await client.query(`UPDATE contents SET has_exterior = true, listing_id = 'E2E-100' WHERE id = $1`, [contentId]);
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

  beforeAll(async () => {
    const session = await activeSuperUserSession(suite, account);
    vehicle = await createVehicle(suite, session, { management_id: `LST-${stamp}`.toUpperCase() });
    await join(suite, account.email, vehicle);
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
});
