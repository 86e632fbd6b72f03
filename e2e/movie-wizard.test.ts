import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeSuperUser } from './api.ts';
import { apiSignIn, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { interiorScene, panorama } from './viewer-scene.ts';

/** A 1280x720 JPEG (a blurred gradient of colours): a category image the slider takes. */
function photo(): Promise<Buffer> {
  const small = Buffer.from([200, 40, 40, 40, 160, 60, 30, 60, 200, 220, 200, 40, 90, 90, 90, 250, 250, 250]);
  return sharp(small, { raw: { width: 3, height: 2, channels: 3 } })
    .resize(1280, 720, { kernel: 'cubic' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

// The content-video wizard in the browser, in Japanese: a dealer types the opening title and sees the preview draw
// it, chooses the vehicle's category image with its text, is told on the field that a 34-character text is too
// long (and nothing typed is lost), picks a zoom point on the panorama, makes the promo and watches it finish; what
// was saved is there after a reload. The vehicle is seeded through the API with one category image and one
// panorama; the image is taken out and the interior part unticked before the render, so the promo is the opening on
// its plain card (seconds, not a minute, at 1080p). Desktop and phone, axe-clean.
describe.skipIf(skipBrowserTests)('content-video wizard in the console', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `moviewiz-${stamp}@example.com`, password: 'abcd1234', name: `MovieWiz ${stamp}` };
  let vehicleId = '';

  beforeAll(async () => {
    const [jpeg] = await Promise.all([photo(), activeSuperUser(suite, account)]);
    const session = await apiSignIn(suite, account.email, account.password);
    vehicleId = await createVehicle(suite, session, {
      management_id: `MOV-${stamp}`,
      maker: 'Mazda',
      car_name: 'Roadster',
    });
    const form = new FormData();
    form.append('category', 'exterior');
    form.append('caption', '');
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
    const added = await fetch(`${suite.server.baseUrl}/api/browser/v0/slider/${vehicleId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.content}` },
      body: form,
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    await interiorScene(suite, session, vehicleId, await panorama(), 'cabin.jpg', 'Cabin');
  }, 120_000);

  it('fills the wizard, refuses a 34-character text on its field, previews the title and makes the video', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await page.goto(`/contents/movie/${vehicleId}`);
    await testId(page, 'movie-wizard').waitFor({ state: 'visible', timeout: 30_000 });

    // The title as typed is drawn on the preview, line by line, with the counter counting as the domain does.
    await testId(page, 'movie-title').fill('新着入庫のご案内\nRoadster RF');
    await expect
      .poll(() => testId(page, 'movie-preview-title').allTextContents())
      .toEqual(['新着入庫のご案内', 'Roadster RF']);
    expect(await textOf(testId(page, 'movie-title-counter'))).toBe('2 / 5行・最も長い行 8 / 33文字');
    await testId(page, 'movie-subtitle').fill('走る歓び');
    await expect.poll(() => testId(page, 'movie-preview-subtitle').allTextContents()).toEqual(['走る歓び']);
    // The lines sit on the render's dark band, which spans the frame's width and holds them all.
    const box = async (id: string) =>
      (await testId(page, id).last().boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const [band, frame, top, bottom] = [
      await box('movie-preview-band'),
      await box('movie-preview'),
      await testId(page, 'movie-preview-title').first().boundingBox(),
      await box('movie-preview-subtitle'),
    ];
    expect(band.width).toBeCloseTo(frame.width, 0);
    expect(band.y).toBeLessThan(top?.y ?? 0);
    expect(band.y + band.height).toBeGreaterThan(bottom.y + bottom.height);

    // The vehicle's category image chosen, with its text; the opening falls back to it (no opening image).
    await testId(page, 'movie-category-add').first().click();
    await testId(page, 'movie-category-text-0').fill('フロントビュー');
    await expect.poll(() => testId(page, 'movie-preview').locator('img').count()).toBe(1);

    // 34 full-width characters: refused on the field in Japanese, naming it and the rule; the text stays.
    const long = 'あ'.repeat(34);
    await testId(page, 'movie-exterior-text').fill(long);
    const state = testId(page, 'movie-save-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('invalid');
    const field = testId(page, 'movie-step-parts');
    expect(await textOf(field)).toContain('外装のテキストが長すぎます（全角1文字、半角0.5文字で数えます）。');
    expect(await testId(page, 'movie-exterior-text').inputValue()).toBe(long);
    expect(await textOf(testId(page, 'movie-exterior-text-counter'))).toBe('34 / 33文字（半角は0.5文字）');

    // 33 fit: saved.
    await testId(page, 'movie-exterior-text').fill('あ'.repeat(33));
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
    await saveScreenshot(page, 'movie-wizard-ja-desktop');
    await expectNoSeriousA11yViolations(page);

    // A zoom point picked on the panorama (a click on its flat picture), its text counted like the others.
    const picture = testId(page, 'movie-interior').getByRole('button', {
      name: 'パノラマ全体（クリックで位置を指定）',
    });
    await picture.click({ position: { x: 60, y: 40 } });
    await expect.poll(() => testId(page, 'movie-zoom-point').count()).toBe(1);
    await testId(page, 'movie-point-text-0').fill('インパネ');
    expect(await textOf(testId(page, 'movie-interior-count'))).toBe('ズームポイント（1/20）');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');

    // The image taken out again: the opening falls back to the render's plain card, and the promo is the opening
    // alone (a few seconds to render: the suite's budget).
    await testId(page, 'movie-category-chosen').getByRole('button', { name: '外す' }).click();
    await expect.poll(() => testId(page, 'movie-preview').locator('img').count()).toBe(0);
    await testId(page, 'movie-section-interior').getByRole('checkbox').uncheck();
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');

    // Make the promo: it renders with its progress and ends ready with a file to watch.
    await testId(page, 'movie-slider-make').click();
    const promo = testId(page, 'movie-slider');
    await expect.poll(() => promo.getAttribute('data-status'), { timeout: 20_000 }).toMatch(/^(rendering|ready)$/);
    await expect.poll(() => promo.getAttribute('data-status'), { timeout: 120_000, interval: 500 }).toBe('ready');
    expect(await testId(page, 'movie-slider-watch').getAttribute('href')).toMatch(/\.mp4/);
    expect(await textOf(testId(page, 'movie-slider-status'))).toBe('完成');

    // Saved as typed: after a reload the wizard shows it again.
    await page.reload();
    await testId(page, 'movie-wizard').waitFor({ state: 'visible', timeout: 30_000 });
    expect(await testId(page, 'movie-title').inputValue()).toBe('新着入庫のご案内\nRoadster RF');
    expect(await testId(page, 'movie-exterior-text').inputValue()).toBe('あ'.repeat(33));
    expect(await testId(page, 'movie-point-text-0').inputValue()).toBe('インパネ');

    // On a phone: the same page, one column, axe-clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await testId(page, 'movie-preview').scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'movie-wizard-ja-phone');
    await expectNoSeriousA11yViolations(page);
  }, 300_000);
});
