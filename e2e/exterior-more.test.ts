import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ClipRecipe, clip, pattern } from '../apps/server/test/helpers/clips.ts';
import { turntableVideo } from '../apps/server/test/helpers/turntable.ts';
import { metadata, TUS, VIDEOS } from '../apps/server/test/uploads/tus-client.ts';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { type ApiSession, apiSignIn, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { repoRoot } from './harness/server.ts';
import { buildVehicle, seedFrames } from './viewer-scene.ts';

/** A 9 s 640x360 clip (over the domain's 8 s minimum), small and quick to make into a spin: x264 in its defaults. */
const TURN: ClipRecipe = {
  ext: 'mp4',
  format: 'mp4',
  args: [...pattern('640x360', 9, { rate: 30 }), '-c:v', 'libx264', '-preset', 'ultrafast'],
};

/** The ids of the first row's frames, in the order shown. */
const frameIds = (page: Page) =>
  testId(page, 'exterior-row')
    .first()
    .locator('[data-testid="exterior-frame"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-frame-id') ?? ''));

/** Where a picture of the screen as a phone shows it goes (saveScreenshot takes the whole page behind a dialog). */
const shot = (name: string) => path.join(repoRoot, 'test-results', 'e2e', `${name}.png`);

/** The page's saved blur drafts (localStorage keys under the editor's prefix). */
const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('spinyard.blur_draft.')));

/**
 * A walk-around sent to be made into a spin through the API, as a phone app sends it: the tus upload (create, one
 * PATCH), then `POST /exterior/{id}` (the worker makes the row; `rowsOf` reads how many there are).
 */
async function spinThroughApi(suite: ReturnType<typeof useSuite>, token: string, vehicleId: string, file: string) {
  const base = suite.server.baseUrl;
  const bytes = await readFile(file);
  const auth = { ...TUS, authorization: `Bearer ${token}` };
  const created = await fetch(`${base}${VIDEOS}`, {
    method: 'POST',
    headers: {
      ...auth,
      'upload-length': String(bytes.length),
      'upload-metadata': metadata({ content_id: vehicleId, purpose: 'exterior', filename: 'short.mp4' }),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const location = new URL(created.headers.get('location') ?? '', base);
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
  expect(sent.status, await sent.clone().text()).toBe(204);
  const made = await api(`${base}/api/browser/v0/exterior/${vehicleId}`, token, {
    upload_ids: [location.pathname.split('/').at(-1)],
  });
  expect(made.status, JSON.stringify(made.data)).toBe(202);
}

/** The rows of a vehicle's spin (the content API's answer). */
const rowsOf = async (suite: ReturnType<typeof useSuite>, token: string, vehicleId: string) =>
  ((await api(`${suite.server.baseUrl}/api/browser/v0/exterior/${vehicleId}`, token)).data as { groups?: unknown[] })
    .groups?.length ?? 0;

// The exterior's remaining journeys (issue 9): the "you may leave this page" note only under the domain's
// background upload; frames reordered by drag and drop and by keyboard, kept after a reload; the blur editor's
// unapplied regions kept as a draft when it closes (after a question), restored when it opens again, even after a
// reload, and discarded on request. Japanese, desktop and phone, axe-clean.
describe.skipIf(skipBrowserTests)('exterior: async note, reorder, blur drafts', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `ext-more-${stamp}@example.com`, password: 'abcd1234', name: `ExtMore ${stamp}` };
  let session: ApiSession;
  let video = '';
  let seeded = '';
  let short = '';
  let under = '';

  const vehicle = (id: string) =>
    createVehicle(suite, session, { management_id: `${id}-${stamp}`, maker: 'Mazda', car_name: 'CX-5' });

  beforeAll(async () => {
    [video] = await Promise.all([clip('turn-640x360-9s', TURN), activeSuperUser(suite, account)]);
    session = await apiSignIn(suite, account.email, account.password);
    seeded = await vehicle('SEED');
    await seedFrames(suite, seeded, 12);
    // A 10 s walk-around of a turn and a quarter (issue 18): the spin is made, and the dealer is to be told before
    // publishing (more_than_turn: the pipeline tests assert this verdict of this clip).
    short = await vehicle('SHORT');
    await spinThroughApi(suite, session.content, short, await turntableVideo(1.25));
    // Six tenths of a turn in 10 s: short_of_turn (the pipeline's verdict of this clip), published anyway below.
    under = await vehicle('UNDER');
    await spinThroughApi(suite, session.content, under, await turntableVideo(0.6));
  }, 180_000);

  const openExterior = async (page: Page, id: string) => {
    await page.goto(`/contents/edit/${id}?tab=exterior`);
    await testId(page, 'exterior-panel').waitFor({ state: 'visible', timeout: 20_000 });
  };

  /** Uploads the clip and makes the spin from it. */
  const makeSpin = async (page: Page) => {
    await testId(page, 'exterior-file-input').setInputFiles(video);
    await expect
      .poll(() => page.locator('[data-testid="upload-status"][data-status="ready"]').count(), { timeout: 45_000 })
      .toBe(1);
    await testId(page, 'exterior-make-spin').click();
  };

  it('says "you may leave this page" only when the domain uploads in the background', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password);

    // The product's domain as it ships (no background upload): keep the page open, and no note once started.
    const plain = await vehicle('SYNC');
    await openExterior(page, plain);
    expect(await textOf(testId(page, 'exterior-settings'))).toContain('このページを開いたままにしてください');
    await makeSpin(page);
    await testId(page, 'exterior-row').first().waitFor({ state: 'visible', timeout: 120_000 });
    expect(await testId(page, 'exterior-async-note').count()).toBe(0);

    // Master turns the domain's background upload on: the settings say so, and once the spin is started the note
    // tells the dealer they may leave; the spin is still made.
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const on = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master, {
      options: { async_mobile_upload: true },
    });
    expect(on.status, JSON.stringify(on.data)).toBe(200);
    const background = await vehicle('ASYNC');
    await openExterior(page, background);
    expect(await textOf(testId(page, 'exterior-settings'))).toContain('このページを離れても処理は続きます');
    await makeSpin(page);
    const note = testId(page, 'exterior-async-note');
    await note.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await textOf(note)).toBe('このページを離れても処理は続きます。終わると車両一覧と詳細に反映されます。');
    await saveScreenshot(page, 'exterior-more-async-note-desktop-ja');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await note.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'exterior-more-async-note-phone-ja');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'exterior-row').first().waitFor({ state: 'visible', timeout: 120_000 });

    // Back off, so the other journeys of this file see the domain as it ships.
    const off = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master, {
      options: { async_mobile_upload: false },
    });
    expect(off.status).toBe(200);

    // The turn check where the dealer publishes (issue 18): the short walk-around's row named on the vehicle's page
    // with its three ways out, in Japanese on a phone, axe-clean; "publish anyway" asks first, naming the row; the
    // trim dialog opens on the row's frames.
    await expect.poll(() => rowsOf(suite, session.content, short), { timeout: 120_000 }).toBe(1);
    await page.goto(`/contents/detail/${short}`);
    const card = testId(page, 'detail-turn-checks');
    await card.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await textOf(card)).toContain('公開の前にスピンを確認してください');
    expect(await textOf(testId(page, 'detail-turn-check-1'))).toContain('1段目');
    for (const way of ['detail-turn-publish', 'detail-turn-trim-1', 'detail-turn-upload']) {
      expect(await testId(page, way).count(), way).toBe(1);
    }
    await saveScreenshot(page, 'turn-check-detail-phone-ja');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'detail-turn-publish').click();
    const asked = testId(page, 'detail-turn-confirm');
    await asked.waitFor({ state: 'visible' });
    expect(await textOf(asked)).toContain('1段目');
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });
    await testId(page, 'detail-turn-trim-1').click();
    const firstFrame = testId(page, 'trim-strip').locator('img').first();
    await firstFrame.waitFor({ state: 'visible', timeout: 20_000 });
    await expect
      .poll(() => firstFrame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.screenshot({ path: shot('turn-check-trim-phone-ja') });
    await expectNoSeriousA11yViolations(page);

    // A walk-around short of a turn, published anyway (through the API): the card names the spin as the one buyers
    // see, offers no publish of its own (the pending-changes card's is the one) and no trim (cutting cannot add the
    // missing angles), and asks for a walk-around of at least one turn.
    await expect.poll(() => rowsOf(suite, session.content, under), { timeout: 120_000 }).toBe(1);
    await buildVehicle(suite, session, under);
    await page.goto(`/contents/detail/${under}`);
    await card.waitFor({ state: 'visible', timeout: 20_000 });
    const said = await textOf(card);
    for (const words of [
      '購入者に公開中のスピンは一周になっていません',
      '動画が一周に足りません',
      '一周以上撮った動画',
    ]) {
      expect(said).toContain(words);
    }
    for (const [way, count] of [
      ['detail-turn-publish', 0],
      ['detail-turn-trim-1', 0],
      ['detail-turn-upload', 1],
    ] as const) {
      expect(await testId(page, way).count(), way).toBe(count);
    }
    await page.screenshot({ path: shot('turn-check-published-short-phone-ja') });
    await expectNoSeriousA11yViolations(page);
  }, 300_000);

  it('reorders frames by drag and drop and by keyboard, each order kept after a reload', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openExterior(page, seeded);
    const row = testId(page, 'exterior-row').first();
    await expect.poll(() => row.locator('[data-testid="exterior-frame"]').count(), { timeout: 20_000 }).toBe(12);
    const before = await frameIds(page);

    // Frame 1 dragged onto frame 4: it takes 4's place, the ones between move up by one.
    const tiles = row.locator('[data-testid="exterior-frame"]');
    // The tiles are drawn before the vehicle's processes are read; until then reordering is not yet allowed.
    await expect.poll(() => tiles.nth(0).getAttribute('draggable')).toBe('true');
    const dragged = [before[1], before[2], before[3], before[0], ...before.slice(4)];
    // A gesture Chromium did not start as a drag (seen once at a load of 19 on 2 cores: the tile was only clicked)
    // is dragged again, as a dealer would; a drag that did land is never repeated (the order is read first).
    await vi.waitFor(
      async () => {
        if ((await frameIds(page))[0] === before[0]) await tiles.nth(0).dragTo(tiles.nth(3));
        expect(await frameIds(page)).toEqual(dragged);
      },
      { timeout: 30_000, interval: 1_500 },
    );
    expect(await textOf(tiles.nth(3).locator('[data-testid="exterior-frame-number"]'))).toBe('4');
    await saveScreenshot(page, 'exterior-more-dragged-desktop-ja');
    await testId(page, 'exterior-save-order').click();
    await testId(page, 'exterior-save-order').waitFor({ state: 'detached', timeout: 15_000 });
    // Checked once saved: the "unsaved order" line (FrameRow's orange.9 on white) is under 4.5:1, a known finding.
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => frameIds(page)).toEqual(dragged);

    // The keyboard: arrows choose frame 4 (the one dragged), Shift+← three times takes it back to the front.
    await row.locator('[data-testid="exterior-frame"] button').first().focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    expect(await tiles.nth(3).locator('button').getAttribute('aria-pressed')).toBe('true');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => frameIds(page)).toEqual(before);
    // The moved frame keeps the focus, so the keys can go on moving it.
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-frame-id'))).toBe(
      before[0],
    );
    await testId(page, 'exterior-save-order').click();
    await testId(page, 'exterior-save-order').waitFor({ state: 'detached', timeout: 15_000 });
    await page.reload();
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => frameIds(page)).toEqual(before);
  }, 120_000);

  it('keeps unapplied blur regions as a draft: asks on close, restores on opening, discards on request', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openExterior(page, seeded);
    const editor = testId(page, 'blur-editor');
    const open = async () => {
      await testId(page, 'exterior-open-blur').first().click();
      await editor.waitFor({ state: 'visible' });
      await testId(page, 'blur-canvas-svg').waitFor({ state: 'visible' });
    };
    const draw = async () => {
      const box = await testId(page, 'blur-canvas-svg').boundingBox();
      if (!box) throw new Error('no canvas');
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.75, { steps: 5 });
      await page.mouse.up();
      await testId(page, 'blur-region-r1').waitFor({ state: 'visible' });
    };
    const closeButton = page.getByRole('button', { name: 'ぼかし編集を閉じる' });
    const confirm = testId(page, 'blur-close-confirm');

    // Nothing drawn: the editor closes at once.
    await open();
    await closeButton.click();
    await editor.waitFor({ state: 'detached' });
    expect(await draftKeys(page)).toEqual([]);

    // A region drawn, then Escape: a question, not a closed editor; "keep editing" goes back to the region.
    await open();
    await draw();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'visible' });
    expect(await textOf(confirm)).toContain('閉じても、このブラウザに下書きとして残り');
    await saveScreenshot(page, 'exterior-more-blur-confirm-desktop-ja');
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'blur-close-keep-editing').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await editor.isVisible()).toBe(true);
    expect(await testId(page, 'blur-region-r1').count()).toBe(1);

    // Closed keeping the draft: it is in this browser, and the next opening restores the region and says so.
    await closeButton.click();
    await testId(page, 'blur-close-keep-draft').click();
    await editor.waitFor({ state: 'detached' });
    expect(await draftKeys(page)).toHaveLength(1);
    await open();
    const notice = testId(page, 'blur-draft-restored');
    await notice.waitFor({ state: 'visible' });
    expect(await textOf(notice)).toContain('未適用の変更');
    expect(await testId(page, 'blur-region-r1').count()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    // A reload (or a closed tab) loses nothing either; on a phone the notice and the question fit the screen.
    await page.reload();
    await page.setViewportSize({ width: 390, height: 844 });
    await testId(page, 'exterior-panel').waitFor({ state: 'visible', timeout: 20_000 });
    await open();
    await notice.waitFor({ state: 'visible' });
    expect(await testId(page, 'blur-region-r1').count()).toBe(1);
    await page.screenshot({ path: shot('exterior-more-blur-restored-phone-screen-ja') });
    await expectNoSeriousA11yViolations(page);
    await closeButton.click();
    await confirm.waitFor({ state: 'visible' });
    const dialog = await confirm.boundingBox();
    expect((dialog?.x ?? -1) >= 0 && (dialog?.x ?? 0) + (dialog?.width ?? 999) <= 390).toBe(true);
    await page.screenshot({ path: shot('exterior-more-blur-confirm-phone-screen-ja') });
    await testId(page, 'blur-close-keep-editing').click();
    await confirm.waitFor({ state: 'detached' });

    // "Discard draft": back to what is applied (nothing here), and the editor then closes without a question.
    await testId(page, 'blur-draft-discard').click();
    await notice.waitFor({ state: 'detached' });
    expect(await testId(page, 'blur-region-r1').count()).toBe(0);
    expect(await draftKeys(page)).toEqual([]);
    await closeButton.click();
    await editor.waitFor({ state: 'detached' });

    // "Discard changes and close" from the question: nothing comes back.
    await page.setViewportSize({ width: 1280, height: 800 });
    await open();
    await draw();
    await closeButton.click();
    await testId(page, 'blur-close-discard').click();
    await editor.waitFor({ state: 'detached' });
    expect(await draftKeys(page)).toEqual([]);
    await open();
    expect(await testId(page, 'blur-draft-restored').count()).toBe(0);
    expect(await testId(page, 'blur-region-r1').count()).toBe(0);
  }, 240_000);
});
