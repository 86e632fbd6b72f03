import { readFile } from 'node:fs/promises';
import { STATISTIC_EVENT_PATH as EVENT_PATH } from '@spinyard/domain';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeSuperUserSession, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, type Suite, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// Statistics: a published vehicle's viewer events posted from a browser (navigator.sendBeacon, as the viewer does)
// and from a second visitor, seen counted on /statistic/chart (the per-visitor bound applied), the CSV downloaded,
// in four languages, on a phone, axe-clean.

/** Marks a vehicle published, as the publishing area leaves it (its images are not this test's subject). */
async function publish(suite: Suite, contentId: string): Promise<void> {
  const client = new pg.Client({ connectionString: await suite.server.databaseUrl() });
  await client.connect();
  try {
    await client.query(`UPDATE contents SET has_exterior = true, publication = 'published' WHERE id = $1`, [contentId]);
  } finally {
    await client.end();
  }
}

describe.skipIf(skipBrowserTests)('statistics chart', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `stats-${stamp}@example.com`, password: 'abcd1234', name: `Stats ${stamp}` };
  let vehicle = '';

  beforeAll(async () => {
    const session = await activeSuperUserSession(suite, account);
    vehicle = await createVehicle(suite, session, { management_id: `STATS-${stamp}`.toUpperCase(), maker: 'Mazda' });
    await createVehicle(suite, session, { management_id: `QUIET-${stamp}`.toUpperCase() });
    await publish(suite, vehicle);
  }, 120_000);

  async function openChart(page: Page): Promise<void> {
    await page.goto('/statistic/chart');
    await expectPath(page, '/statistic/chart');
    await testId(page, 'statistic-total-view-value').waitFor({ state: 'visible' });
  }

  it('counts the events a buyer sends and shows them on the chart, with the CSV', async () => {
    const { page } = await openPage(suite, 'en-US');
    // The buyer: beacons as the viewer sends them (text/plain), three views counted once, two spins, two openings.
    await page.goto('/login');
    const sent = await page.evaluate(
      ({ path: url, id }) =>
        [
          ...Array.from({ length: 3 }, () => ({ content_id: id, kind: 'view' })),
          { content_id: id, kind: 'spin' },
          { content_id: id, kind: 'spin' },
          { content_id: id, kind: 'interior_open' },
          { content_id: id, kind: 'hotspot_open', hotspot_id: '1' },
        ].map((event) => navigator.sendBeacon(url, JSON.stringify(event))),
      { path: EVENT_PATH, id: vehicle },
    );
    expect(sent.every(Boolean)).toBe(true);
    // A second buyer (another browser) as JSON.
    const other = await fetch(`${suite.server.baseUrl}${EVENT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Another phone' },
      body: JSON.stringify({ content_id: vehicle, kind: 'view' }),
    });
    expect(other.status).toBe(204);

    await signIn(page, account.email, account.password, null);
    await openChart(page);
    await expect.poll(async () => textOf(testId(page, 'statistic-total-view-value')), { timeout: 15_000 }).toBe('2');
    expect(await textOf(testId(page, 'statistic-total-spin-value'))).toBe('2');
    expect(await textOf(testId(page, 'statistic-total-interior_open-value'))).toBe('1');
    expect(await textOf(testId(page, 'statistic-total-hotspot_open-value'))).toBe('1');
    await page.locator('.recharts-surface').first().waitFor({ state: 'visible' });

    // One vehicle: the other one has nothing.
    await testId(page, 'statistic-vehicle').click();
    await page.getByRole('option', { name: new RegExp(`QUIET-${stamp}`, 'i') }).click();
    await expect.poll(async () => textOf(testId(page, 'statistic-total-view-value'))).toBe('0');
    await testId(page, 'statistic-vehicle').click();
    await page.getByRole('option', { name: new RegExp(`STATS-${stamp}`, 'i') }).click();
    await expect.poll(async () => textOf(testId(page, 'statistic-total-view-value'))).toBe('2');

    const [download] = await Promise.all([page.waitForEvent('download'), testId(page, 'statistic-csv').click()]);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    expect(file.startsWith('\uFEFFdate,content_id,')).toBe(true);
    expect(file).toContain(`,${vehicle},STATS-${stamp.toUpperCase()},Mazda,,2,2,1,1`);
    await expectNoSeriousA11yViolations(page);
  });

  it('bounds the period to one year and says so', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, account.email, account.password, null);
    await openChart(page);
    await testId(page, 'statistic-from').fill('2025-01-01');
    expect(await testId(page, 'statistic-to').getAttribute('max')).toBe('2026-01-01');
    await testId(page, 'statistic-to').fill('2026-01-02');
    await page.getByText('The period can be at most one year.').waitFor({ state: 'visible' });
    expect(await testId(page, 'statistic-csv').isDisabled()).toBe(true);
    // The day written as the console's language writes it, not the browser's: English, then Japanese in the same
    // English browser (a native date input would go on writing 01/01/2025).
    expect(await textOf(testId(page, 'statistic-from-day'))).toBe('01/01/2025');
    await testId(page, 'language-switcher').selectOption('ja');
    await expect.poll(() => textOf(testId(page, 'statistic-from-day'))).toBe('2025/01/01');
  });

  it.each([
    ['ja-JP', 'CSVダウンロード'],
    ['fr-FR', 'Télécharger le CSV'],
    ['pt-BR', 'Baixar CSV'],
  ])('reads in %s on a phone, axe-clean', async (locale, csvLabel) => {
    const { page } = await openPage(suite, locale);
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, account.email, account.password, null);
    await openChart(page);
    expect(await textOf(testId(page, 'statistic-csv'))).toContain(csvLabel);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});
