import { readFile, stat } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClipRecipe, clip, pattern } from '../apps/server/test/helpers/clips.ts';
import { testVideo } from '../apps/server/test/helpers/videos.ts';
import { activeSuperUser } from './api.ts';
import { apiSignIn, createVehicle, standInWorker } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, type Suite, signIn, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

// x264 in its defaults, without the 4:2:0 format the shared clips name: these clips as this test first made them.
const ULTRAFAST = ['-c:v', 'libx264', '-preset', 'ultrafast'];

/**
 * A 10 s 640x360 turntable-like walk-around: a wide test picture scrolled once round past a window, with camera
 * noise so the file is large (several MB: more than one 5 MB chunk of the uploader, so a connection can drop
 * between two of them).
 */
const WALK_AROUND: ClipRecipe = {
  ext: 'mp4',
  format: 'mp4',
  args: [
    ...pattern('1280x360', 10, { rate: 30 }),
    '-filter_complex',
    "[0:v]split[a][b];[a][b]hstack,crop=640:360:x='mod(t*1280/10,1280)':y=0,noise=alls=8:allf=t,format=yuv420p[v]",
    '-map',
    '[v]',
    ...ULTRAFAST,
    '-crf',
    '22',
    '-movflags',
    '+faststart',
  ],
};

/** A 3 s clip: a real video, refused for being shorter than the domain's minimum (8 s). */
const SHORT: ClipRecipe = { ext: 'mp4', format: 'mp4', args: [...pattern('640x360', 3, { rate: 30 }), ...ULTRAFAST] };

/** A text file named .mp4, which only its content shows to be no video. */
const NOT_A_VIDEO = {
  name: 'not-a-video.mp4',
  mimeType: 'video/mp4',
  buffer: Buffer.from('This is a text file with a video name.\n'.repeat(50)),
};

const percentOf = async (bar: Locator) => Number((await bar.getAttribute('data-percent')) ?? '-1');

/** The ids of a row's frames, in the order shown. */
const frameIds = (page: Page) =>
  page
    .locator('[data-testid="exterior-row"]')
    .first()
    .locator('[data-testid="exterior-frame"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-frame-id') ?? ''));

/**
 * A 3 s clip and a phone's portrait clip (landscape pixels with a rotation flag) chosen together: the browser reads
 * each one's metadata and refuses both by the server's rules, in Japanese, before a single upload request is made.
 */
async function refuseBeforeUpload(page: Page, short: string, portrait: string): Promise<void> {
  let uploadRequests = 0;
  const counted = (request: { url(): string }) => {
    if (request.url().includes('/api/browser/v0/uploads/videos')) uploadRequests += 1;
  };
  page.on('request', counted);
  await testId(page, 'exterior-file-input').setInputFiles([short, portrait]);
  const refused = page.locator('[data-testid="exterior-upload"][data-state="failed"]');
  await expect.poll(() => refused.count(), { timeout: 10_000 }).toBe(2);
  const texts = await refused.locator('[data-testid="exterior-upload-error"]').allTextContents();
  expect(texts).toEqual([
    '動画が短すぎます。8秒以上の動画を使用してください。',
    '縦向きの動画は使用できません。横向きの動画をご利用ください。',
  ]);
  expect(uploadRequests).toBe(0);
  page.off('request', counted);
  await saveScreenshot(page, 'exterior-ja-desktop-refused-before-upload');
  for (let left = 2; left > 0; left--) {
    await refused
      .first()
      .getByRole('button', { name: /一覧から消す/ })
      .click();
    await expect.poll(() => refused.count()).toBe(left - 1);
  }
}

/**
 * The editor's upload session (opened when the upload area mounts): its limits shown, and a video held before its
 * bytes (every PATCH cut) canceled with the visit's other unfinished uploads by one request, not one per upload.
 * A copy under another name, so the later steps' uploads of the same video are their own.
 */
async function cancelVisitUploads(page: Page, vehicleId: string, video: string): Promise<void> {
  expect(await textOf(testId(page, 'exterior-session-limits'))).toContain('同時に');
  const uploads = '**/api/browser/v0/uploads/videos/**';
  await page.route(uploads, (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue(),
  );
  const deletes: string[] = [];
  const counted = (request: { method(): string; url(): string }) => {
    if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
  };
  page.on('request', counted);
  const copy = { name: 'session-copy.mp4', mimeType: 'video/mp4', buffer: await readFile(video) };
  await testId(page, 'exterior-file-input').setInputFiles(copy);
  const cancelAll = testId(page, 'exterior-session-cancel');
  await cancelAll.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await cancelAll.isEnabled()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'exterior-session-phone-ja');
  await page.setViewportSize({ width: 1280, height: 800 });
  await cancelAll.click();
  const canceled = page.locator('[data-testid="exterior-upload"][data-state="canceled"]');
  await canceled.waitFor({ state: 'visible', timeout: 15_000 });
  // Nothing left to cancel: the button goes.
  await cancelAll.waitFor({ state: 'detached' });
  expect(deletes).toEqual([`/api/browser/v0/exterior/${vehicleId}/session`]);
  page.off('request', counted);
  await page.unroute(uploads);
  await canceled.getByRole('button', { name: /一覧から消す/ }).click();
  await canceled.waitFor({ state: 'detached' });
}

/** The second chunk's request loses the connection, the browser stays offline for two seconds, the upload resumes. */
async function uploadThroughDrop(page: Page, context: BrowserContext, video: string): Promise<void> {
  let patches = 0;
  let dropped = false;
  let offline = false;
  await page.route('**/api/browser/v0/uploads/videos/**', async (route) => {
    if (offline) return route.abort('internetdisconnected');
    if (route.request().method() === 'PATCH') {
      patches += 1;
      if (patches === 2 && !dropped) {
        dropped = true;
        offline = true;
        await context.setOffline(true);
        return route.abort('connectionreset');
      }
    }
    return route.continue();
  });

  await testId(page, 'exterior-file-input').setInputFiles(video);
  const upload = testId(page, 'exterior-upload').first();
  const bar = upload.locator('[data-testid="exterior-upload-progress"]');
  await expect.poll(() => dropped, { timeout: 30_000 }).toBe(true);
  // Cut off after the first chunk: the bar holds part of the file and says so in bytes and percent.
  const held = await percentOf(bar);
  expect(held).toBeGreaterThan(0);
  expect(held).toBeLessThan(100);
  expect(await textOf(upload.locator('[data-testid="exterior-upload-bytes"]'))).toContain(`${held}%`);
  expect(await upload.getAttribute('data-state')).not.toBe('done');
  await saveScreenshot(page, 'exterior-ja-desktop-upload-dropped');
  await page.waitForTimeout(2000);
  offline = false;
  await context.setOffline(false);

  // Back online: the upload goes on from where the server stopped and ends as "準備完了" (ready).
  await expect.poll(() => upload.getAttribute('data-state'), { timeout: 45_000 }).toBe('done');
  expect(await percentOf(bar)).toBe(100);
  await expect
    .poll(() => upload.locator('[data-testid="upload-status"]').getAttribute('data-status'), { timeout: 15_000 })
    .toBe('ready');
  expect(await textOf(upload.locator('[data-testid="upload-status"]'))).toBe('準備完了');
  expect(patches).toBeGreaterThanOrEqual(3);
  await page.unroute('**/api/browser/v0/uploads/videos/**');
}

/** A text file named .mp4 is refused by its content, in Japanese. */
async function refuseNotVideo(page: Page): Promise<void> {
  await testId(page, 'exterior-file-input').setInputFiles(NOT_A_VIDEO);
  const refused = page.locator('[data-testid="exterior-upload"][data-state="failed"]');
  await refused.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await textOf(refused.locator('[data-testid="exterior-upload-error"]'))).toContain(
    'このファイルは対応している動画ではありません',
  );
  await saveScreenshot(page, 'exterior-ja-desktop-uploaded');
  await expectNoSeriousA11yViolations(page);
}

/**
 * A second video cut off by a page reload after its first chunk: the browser kept the upload's address, and
 * choosing the same file again resumes it from the server's offset instead of sending it all again.
 */
async function resumeAfterReload(page: Page, video: string): Promise<void> {
  let secondPatches = 0;
  let blocking = true;
  await page.route('**/api/browser/v0/uploads/videos/**', async (route) => {
    if (route.request().method() === 'PATCH' && blocking) {
      secondPatches += 1;
      if (secondPatches >= 2) return route.abort('connectionreset');
    }
    return route.continue();
  });
  await testId(page, 'exterior-file-input').setInputFiles(video);
  await expect.poll(() => secondPatches, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  // Paused, it sends nothing (tus's retries stop too); resumed, it tries again at once.
  const sending = page.locator('[data-testid="exterior-upload"]:is([data-state="uploading"], [data-state="offline"])');
  await sending.locator('[data-testid="exterior-upload-pause"]').click();
  const paused = page.locator('[data-testid="exterior-upload"][data-state="paused"]');
  await paused.waitFor({ state: 'visible' });
  const whilePaused = secondPatches;
  await page.waitForTimeout(1500);
  expect(secondPatches).toBe(whilePaused);
  await paused.locator('[data-testid="exterior-upload-resume"]').click();
  await expect.poll(() => secondPatches, { timeout: 15_000 }).toBeGreaterThan(whilePaused);
  await page.reload();
  blocking = false;
  const interrupted = page.locator('[data-testid="exterior-server-upload"][data-status="requested"]');
  await interrupted.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await textOf(interrupted)).toContain('同じファイルを選ぶと続きから再開します');
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/uploads/videos/')) {
      offsets.push(Number(request.headers()['upload-offset'] ?? '-1'));
    }
  });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    interrupted.locator('[data-testid="exterior-upload-resume-previous"]').click(),
  ]);
  await chooser.setFiles(video);
  const resumed = page.locator('[data-testid="exterior-upload"]').first();
  await expect.poll(() => resumed.getAttribute('data-state'), { timeout: 45_000 }).toBe('done');
  expect(await textOf(resumed)).toContain('前回の続きから再開しました');
  await page.unroute('**/api/browser/v0/uploads/videos/**');
  expect(offsets[0]).toBeGreaterThan(0);
  await expect.poll(() => page.locator('[data-testid="upload-status"][data-status="ready"]').count()).toBe(2);
  // The domain's spin has one row and each video makes a row: the page says so before the server would refuse,
  // and the extra video is cancelled.
  await testId(page, 'exterior-too-many').waitFor({ state: 'visible' });
  expect(await testId(page, 'exterior-make-spin').isDisabled()).toBe(true);
  await resumed.locator('[data-testid="exterior-upload-cancel"]').click();
  await expect.poll(() => page.locator('[data-testid="upload-status"][data-status="ready"]').count()).toBe(1);
  await testId(page, 'exterior-too-many').waitFor({ state: 'detached' });
}

/**
 * Make the spin: the frames of row 1 appear, numbered. Then swap the first two frames with the keyboard (Shift+→ on
 * the first), save, and find them swapped after a reload. Gives the order after the reload.
 */
async function makeSpinAndReorder(page: Page): Promise<string[]> {
  await testId(page, 'exterior-make-spin').click();
  const row = testId(page, 'exterior-row').first();
  await row.waitFor({ state: 'visible', timeout: 120_000 });
  await expect.poll(() => row.locator('[data-testid="exterior-frame"]').count()).toBe(36);
  expect(await textOf(row.locator('[data-testid="exterior-frame-number"]').nth(35))).toBe('36');
  await testId(page, 'exterior-preview').waitFor({ state: 'visible' });
  await saveScreenshot(page, 'exterior-ja-desktop-frames');
  await expectNoSeriousA11yViolations(page);

  const before = await frameIds(page);
  await row.locator('[data-testid="exterior-frame"] button').first().focus();
  await page.keyboard.press('Shift+ArrowRight');
  const draft = await frameIds(page);
  expect(draft.slice(0, 2)).toEqual([before[1], before[0]]);
  await testId(page, 'exterior-save-order').click();
  await testId(page, 'exterior-save-order').waitFor({ state: 'detached', timeout: 15_000 });
  await page.reload();
  await testId(page, 'exterior-row').first().waitFor({ state: 'visible', timeout: 20_000 });
  const after = await frameIds(page);
  expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
  expect(after.slice(2)).toEqual(before.slice(2));
  return after;
}

/**
 * Replace the first frame: a picture larger than 1280x720 is refused in Japanese; a 640x360 JPEG replaces it
 * (the exterior_replace_image process), and the original comes back with "restore", the order as `order`.
 */
async function replaceAndRestore(page: Page, order: string[]): Promise<void> {
  const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), testId(page, 'exterior-replace').click()]);
    await chooser.setFiles(file);
  };
  const big = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  await pick({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await testId(page, 'exterior-row-error').waitFor({ state: 'visible', timeout: 20_000 });
  expect(await textOf(testId(page, 'exterior-row-error'))).toContain('1280×720以内');
  const small = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
  await pick({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: small });
  const firstFrame = testId(page, 'exterior-frame').first();
  await expect.poll(() => textOf(firstFrame), { timeout: 60_000 }).toContain('差替');
  await testId(page, 'exterior-restore').click();
  await expect.poll(() => textOf(firstFrame), { timeout: 30_000 }).not.toContain('差替');
  expect(await frameIds(page)).toEqual(order);
  await testId(page, 'exterior-open-blur').first().waitFor({ state: 'visible' });
}

/**
 * A blur started elsewhere (a stand-in worker writes its row and announces it) locks the exterior at once: the
 * controls are disabled and the panel names the process; when it ends they come back.
 */
async function lockedWhileBlurring(suite: Suite, page: Page, vehicleId: string): Promise<void> {
  const worker = await standInWorker(suite);
  try {
    const blur = await worker.start(vehicleId, 'blur');
    await testId(page, 'exterior-locked').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await textOf(testId(page, 'exterior-locked'))).toContain('「ぼかし」の実行中は外装を変更できません');
    expect(await testId(page, 'exterior-choose').isDisabled()).toBe(true);
    expect(await testId(page, 'exterior-move-right').isDisabled()).toBe(true);
    expect(await testId(page, 'exterior-delete-row').isDisabled()).toBe(true);
    await worker.progress(blur, 100, 'succeeded');
    await testId(page, 'exterior-locked').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await testId(page, 'exterior-choose').isDisabled()).toBe(false);
  } finally {
    await worker.close();
  }
}

/** On a phone; then the detail page's media card shows the first frame and the counts, the list the thumbnail. */
async function phoneDetailAndList(page: Page, vehicleId: string, managementId: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await testId(page, 'exterior-row').first().scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'exterior-ja-phone-frames');
  // The walk-around video the spin was made from, kept as its backup, offered by a signed link.
  const original = testId(page, 'exterior-original-video').first();
  await original.waitFor({ state: 'visible', timeout: 15_000 });
  expect(await original.getAttribute('href')).toMatch(/^\/svnmedia\/contents\/\d+\/exterior-backups\/\w+\.\w+\?exp=/);
  expect(await textOf(original)).toContain('元の動画をダウンロード');
  await original.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'exterior-ja-phone-original-video');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/contents/detail/${vehicleId}`);
  await testId(page, 'detail-media-first-frame').waitFor({ state: 'visible', timeout: 20_000 });
  expect(await textOf(testId(page, 'detail-media-exterior'))).toContain('36コマ・1段');
  await saveScreenshot(page, 'exterior-ja-desktop-detail-media');
  await page.goto('/contents/list');
  const listRow = page.locator('tr', { hasText: new RegExp(managementId, 'i') }).first();
  await listRow.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await listRow.locator('img').count()).toBeGreaterThan(0);
  expect(await listRow.locator('[data-testid="content-thumbnail-placeholder"]').count()).toBe(0);
}

/** Master sees the original video kept as a backup, with its vehicle, on the backups page. */
async function masterSeesBackup(suite: Suite, managementId: string): Promise<void> {
  const master = await openPage(suite, 'ja-JP');
  await signInAsMaster(master.page, suite);
  await master.page.goto('/statistic/movie-backup-exteriors');
  const backup = master.page.locator('[data-testid="movie-backup-row"]', { hasText: new RegExp(managementId, 'i') });
  await backup.first().waitFor({ state: 'visible', timeout: 20_000 });
  expect(await textOf(backup.first())).toContain('8.8 MB');
  expect(await textOf(backup.first())).toContain('無期限');
  await saveScreenshot(master.page, 'exterior-ja-desktop-movie-backups');
  await expectNoSeriousA11yViolations(master.page);
}

// The exterior journey in the browser: a walk-around video sent with tus, the connection dropped in the middle and
// the upload resumed to 100 %; a file that is no video refused in Japanese; the spin made and its frames shown;
// two frames swapped with the keyboard and the order kept after a reload; the detail page's media card and the
// list's thumbnail; Japanese on a desktop and a phone, axe-clean.
describe.skipIf(skipBrowserTests)('exterior spin in the console', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `exterior-${stamp}@example.com`, password: 'abcd1234', name: `Exterior ${stamp}` };
  const managementId = `EXT-${stamp}`;
  let vehicleId = '';
  let video = '';
  let short = '';
  let portrait = '';

  beforeAll(async () => {
    [video, short, portrait] = await Promise.all([
      clip('walkaround-640x360-10s', WALK_AROUND),
      clip('short-640x360-3s', SHORT),
      testVideo('rotatedPortrait'),
      activeSuperUser(suite, account),
    ]);
    const session = await apiSignIn(suite, account.email, account.password);
    vehicleId = await createVehicle(suite, session, { management_id: managementId, maker: 'Mazda', car_name: 'CX-5' });
  }, 180_000);

  it('uploads a video through a dropped connection, makes the spin, reorders two frames by keyboard', async () => {
    expect((await stat(video)).size).toBeGreaterThan(5 * 1024 * 1024);
    const { page, context } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, `/contents/edit/${vehicleId}?tab=exterior`);
    await testId(page, 'exterior-panel').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await textOf(testId(page, 'exterior-settings'))).toContain('36コマ');

    await refuseBeforeUpload(page, short, portrait);
    await cancelVisitUploads(page, vehicleId, video);
    await uploadThroughDrop(page, context, video);
    await refuseNotVideo(page);
    await resumeAfterReload(page, video);
    const order = await makeSpinAndReorder(page);
    await replaceAndRestore(page, order);
    await lockedWhileBlurring(suite, page, vehicleId);
    await phoneDetailAndList(page, vehicleId, managementId);
    await masterSeesBackup(suite, managementId);
  }, 300_000);
});
