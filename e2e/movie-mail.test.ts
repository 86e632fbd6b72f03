import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { clipBytes, mp4 } from '../apps/server/test/helpers/clips.ts';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { apiSignIn, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signIn, testId, useSuite } from './harness/fixtures.ts';
import { outbox, waitForLink } from './mail.ts';

// Movie mail in Japanese: a dealer mails a vehicle's promo film from its page, finds the mail in the history and
// resends it; the buyer's link plays the film on a phone, and once expired shows a clear page with no film.
describe.skipIf(skipBrowserTests)('movie mail and the mail history', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `moviemail-${stamp}@example.com`, password: 'abcd1234', name: `Movie ${stamp}` };
  const buyer = `buyer-${stamp}@example.com`;
  let vehicleId = '';

  beforeAll(async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const on = await api(`${baseUrl}/v1/domain/${domainId}`, master, { options: { option_data: true } });
    expect(on.status, JSON.stringify(on.data)).toBeLessThan(300);
    await activeSuperUser(suite, account);
    const session = await apiSignIn(suite, account.email, account.password);
    vehicleId = await createVehicle(suite, session, { management_id: `MM-${stamp}`, maker: 'Mazda', car_name: 'CX-5' });
    // The promo as a finished render leaves it (its files in the store, its row ready): rendering one here would
    // cost the suite a minute; the render has its own tests.
    const key = `contents/${vehicleId}/movies/promo-${stamp}.mp4`;
    const file = path.join(suite.server.dataDir, 'media', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await clipBytes('movie-mail-promo', mp4('320x180', 2)));
    const db = new pg.Client({ connectionString: await suite.server.databaseUrl() });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO content_movies (content_id, kind, status, inputs_hash, file_1080_key, file_720_key, width, height,
           duration_seconds, rendered_at) VALUES ($1, 'slider', 'ready', 'e2e', $2, $2, 320, 180, 2, now())`,
        [vehicleId, key],
      );
    } finally {
      await db.end();
    }
  }, 120_000);

  it('sends from the vehicle, lists and resends in the history, plays on a phone, then says the link expired', async () => {
    const { page } = await openPage(suite);
    await signIn(page, account.email, account.password, `/contents/detail/${vehicleId}`);
    await testId(page, 'movie-mail-open').click();
    const dialog = testId(page, 'movie-mail-dialog');
    await dialog.waitFor({ state: 'visible' });
    const to = testId(page, 'movie-mail-to');
    // A mistyped address is refused as it is entered, named beside the list, and left in the box to correct.
    await to.fill('buyer-at-example');
    await to.press('Enter');
    await dialog.getByText('「buyer-at-example」：宛先には正しいメールアドレスを入力してください。').waitFor();
    await expect.poll(() => to.inputValue()).toBe('buyer-at-example');
    await to.fill(buyer);
    await to.press('Enter');
    await page.getByLabel('本文').fill('お問い合わせありがとうございます。\n<b>動画</b>をご覧ください。');
    await expectNoSeriousA11yViolations(page);
    const before = new Set<string>();
    await testId(page, 'movie-mail-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const link = await waitForLink(outbox(suite.server.dataDir), buyer, '/movie/', before);

    await page.goto('/mail-history/contents-movie');
    const rows = testId(page, 'movie-mail-row');
    await rows.first().waitFor({ state: 'visible' });
    expect(await rows.first().textContent()).toContain(buyer);
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'movie-mail-resend').first().click();
    await testId(page, 'movie-mail-resend-confirm').getByRole('button', { name: '再送信する' }).click();
    await expect.poll(() => rows.count()).toBe(2);

    // The buyer's phone: the film plays.
    const phone = await openPage(suite);
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await phone.page.goto(link);
    const video = phone.page.locator('video');
    await video.waitFor({ state: 'visible' });
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0), { timeout: 20_000 }).toBe(true);
    await expectNoSeriousA11yViolations(phone.page);

    // The link's days have passed.
    const db = new pg.Client({ connectionString: await suite.server.databaseUrl() });
    await db.connect();
    await db.query(`UPDATE movie_mails SET expires_at = now() - interval '1 day' WHERE content_id = $1`, [vehicleId]);
    await db.end();
    const expired = await phone.page.goto(link);
    expect(expired?.status()).toBe(410);
    await phone.page.getByRole('heading', { name: 'このリンクの有効期限が切れました' }).waitFor();
    expect(await phone.page.locator('video').count()).toBe(0);
    await expectNoSeriousA11yViolations(phone.page);
  });
});
