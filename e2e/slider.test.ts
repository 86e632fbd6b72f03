import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClipRecipe, clipBytes, pattern, sine, X264 } from '../apps/server/test/helpers/clips.ts';
import { activeSuperUser, api } from './api.ts';
import { accountVehicle, apiSignIn, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { softJpeg } from './pictures.ts';

/** A photo-like JPEG of the given size (a blurred gradient of colours), to hand the file input under `name`. */
async function photo(name: string, width: number, height: number) {
  const pixels = [200, 40, 40, 40, 160, 60, 30, 60, 200, 220, 200, 40, 90, 90, 90, 250, 250, 250];
  return { name, mimeType: 'image/jpeg', buffer: await softJpeg(pixels, 3, { width, height }, 80) };
}

/** A 4 s 320x180 H.264 MP4 with sound. */
const SHOWROOM: ClipRecipe = {
  ext: 'mp4',
  format: 'mp4',
  args: [...pattern('320x180', 4, { rate: 15 }), ...sine(4), ...X264, '-c:a', 'aac'],
};

type Photo = Awaited<ReturnType<typeof photo>>;

/** The list of files a picker refused names `file` and says why (`reason`, in Japanese). */
async function expectRefused(page: Page, upload: string, file: string, reason: string): Promise<void> {
  const refused = testId(page, `${upload}-refused`);
  await refused.waitFor({ state: 'visible', timeout: 20_000 });
  const text = await textOf(refused);
  expect(text).toContain(file);
  expect(text).toContain(reason);
}

// The slider in the browser: a category image added with a caption (line breaks gone as typed, the width counter)
// and listed with its caption; a 16:10 picture refused in Japanese naming the file; a video link pasted, its id
// shown before it is added and in the list; Japanese on a desktop and a phone, axe-clean.
describe.skipIf(skipBrowserTests)('category images and video links in the console', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `slider-${stamp}@example.com`, password: 'abcd1234', name: `Slider ${stamp}` };
  let vehicleId = '';
  let good: Photo;
  let second: Photo;
  let wide: Photo;

  beforeAll(async () => {
    [good, second, wide] = await Promise.all([
      photo('front-1280x720.jpg', 1280, 720),
      photo('engine-1024x768.jpg', 1024, 768),
      photo('wide-1920x1200.jpg', 1920, 1200),
      activeSuperUser(suite, account),
    ]);
    vehicleId = await accountVehicle(suite, account, {
      management_id: `SLD-${stamp}`,
      maker: 'Subaru',
      car_name: 'Levorg',
    });
  }, 120_000);

  const openTab = async (page: Page, tab: string, panel: string) => {
    await page.goto(`/contents/edit/${vehicleId}?tab=${tab}`);
    await testId(page, panel).waitFor({ state: 'visible', timeout: 20_000 });
  };

  it('adds a category image with its caption, refuses a 16:10 picture in Japanese, adds a video link', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openTab(page, 'category_images', 'category-upload');

    // A caption typed with a line break loses it as it is typed; the counter shows the width (half-width 0.5).
    const caption = testId(page, 'category-caption');
    await caption.fill('フロント\n全景 2024');
    expect(await caption.inputValue()).toBe('フロント全景 2024');
    expect(await textOf(page.getByText('幅 8.5 / 100'))).toBe('幅 8.5 / 100');

    await testId(page, 'category-upload').locator('input[type="file"]').setInputFiles(good);
    const items = testId(page, 'category-images-item');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(1);
    expect(await textOf(items.first().locator('[data-testid="category-image-caption"]'))).toBe('フロント全景 2024');
    expect(await textOf(items.first())).toContain('外装');
    const picture = items.first().locator('img');
    await picture.waitFor({ state: 'visible' });
    // Loaded through the signed URL the answer carries (an <img> cannot send the token).
    expect(await picture.getAttribute('src')).toMatch(/\?exp=\d+&sig=[\w-]{22}$/);
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // The caption field is cleared for the next image.
    expect(await caption.inputValue()).toBe('');

    // A 16:10 picture: refused by the server, named with the reason in Japanese.
    await testId(page, 'category-upload').locator('input[type="file"]').setInputFiles(wide);
    await expectRefused(page, 'category-upload', 'wide-1920x1200.jpg', '縦横比が対応していません（1920×1200）');
    expect(await items.count()).toBe(1);
    await saveScreenshot(page, 'slider-ja-desktop-category-images');
    await expectNoSeriousA11yViolations(page);

    // A second image, moved up with its keyboard button: the order is the server's after a reload.
    await testId(page, 'category-upload').locator('input[type="file"]').setInputFiles(second);
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2);
    const ids = () => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-item-id') ?? ''));
    const [firstId, secondId] = await ids();
    await page.getByRole('button', { name: 'カテゴリ画像2（外装） を上へ移動' }).press('Enter');
    await expect.poll(ids).toEqual([secondId, firstId]);
    await page.reload();
    await expect.poll(ids, { timeout: 15_000 }).toEqual([secondId, firstId]);
    // The caption of an image already listed is changed in place, cut and freed of line breaks the same way.
    await items.first().locator('[data-testid="slider-item-edit"]').click();
    await items.first().locator('[data-testid="slider-item-caption"]').fill('エンジン\nルーム');
    await items.first().locator('[data-testid="slider-item-save"]').click();
    await expect
      .poll(() => textOf(items.first().locator('[data-testid="category-image-caption"]')))
      .toBe('エンジンルーム');
    await saveScreenshot(page, 'slider-ja-desktop-reordered');

    // A video link: the id is read from the pasted link before it is added, then listed.
    await openTab(page, 'video_link', 'video-link-url');
    await testId(page, 'video-link-url').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    expect(await textOf(testId(page, 'video-link-id'))).toBe('dQw4w9WgXcQ');
    await testId(page, 'video-link-add').click();
    const links = testId(page, 'video-links-item');
    await expect.poll(() => links.count(), { timeout: 15_000 }).toBe(1);
    expect(await textOf(links.first().locator('[data-testid="video-link-item-id"]'))).toBe('dQw4w9WgXcQ');
    // A link that holds no id is named as such and not added.
    await testId(page, 'video-link-url').fill('https://vimeo.com/12345');
    await testId(page, 'video-link-noid').waitFor({ state: 'visible' });
    await testId(page, 'video-link-add').click();
    await expect.poll(() => testId(page, 'video-link-url').getAttribute('aria-invalid')).toBe('true');
    expect(await links.count()).toBe(1);
    await saveScreenshot(page, 'slider-ja-desktop-video-links');
    await expectNoSeriousA11yViolations(page);
  });

  it('adds an original video played from the stored file, and names a text file refused as a video', async () => {
    // Handed to the input under the names the page must show.
    const video = {
      name: 'showroom-320x180-4s.mp4',
      mimeType: 'video/mp4',
      buffer: await clipBytes('showroom-320x180-4s', SHOWROOM),
    };
    const fake = {
      name: 'not-a-video.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('This is text with a video name.\n'.repeat(20)),
    };
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openTab(page, 'original_video', 'movie-upload');
    await testId(page, 'movie-upload').locator('input[type="file"]').setInputFiles(video);
    const movies = testId(page, 'original-movies-item');
    await expect.poll(() => movies.count(), { timeout: 30_000 }).toBe(1);
    const player = movies.first().locator('video');
    expect(await player.getAttribute('src')).toMatch(
      /^\/svnmedia\/contents\/\d+\/movies\/[0-9a-f]{64}\.mp4\?exp=\d+&sig=[\w-]{22}$/,
    );
    // The stored file plays: the browser reads its length from it.
    await player.evaluate((el: HTMLVideoElement) => {
      el.preload = 'metadata';
      el.load();
    });
    await expect
      .poll(() => player.evaluate((el: HTMLVideoElement) => Math.round(el.duration)), { timeout: 15_000 })
      .toBe(4);
    expect(await textOf(movies.first())).toContain('showroom-320x180-4s.mp4');
    // Its sound track as uploaded (untagged mono AAC), the one the stored video plays.
    await expect
      .poll(() => textOf(testId(page, 'original-movie-audio')), { timeout: 10_000 })
      .toBe('音声1: 言語指定なし、AAC 1ch 44.1 kHz（再生される音声）');

    await testId(page, 'movie-upload').locator('input[type="file"]').setInputFiles(fake);
    await expectRefused(page, 'movie-upload', 'not-a-video.mp4', 'この動画ファイルを読み込めません。');
    await saveScreenshot(page, 'slider-ja-desktop-original-videos');
    await expectNoSeriousA11yViolations(page);
  });

  it("adds a bike's rider view image on a phone and names a portrait picture refused", async () => {
    const biker = { email: `rider-${stamp}@example.com`, password: 'abcd1234', name: `Rider ${stamp}` };
    const [seat, portrait] = await Promise.all([
      photo('seat-1600x900.jpg', 1600, 900),
      photo('portrait-900x1600.jpg', 900, 1600),
      activeSuperUser(suite, biker),
    ]);
    const session = await apiSignIn(suite, biker.email, biker.password);
    const styled = await api(`${suite.server.baseUrl}/v1/image-system-user`, session.access, {
      contents_style: 'bike',
    });
    expect(styled.status, JSON.stringify(styled.data)).toBe(200);
    const bike = await createVehicle(suite, session, { management_id: `BIKE-${stamp}`, maker: 'Yamaha' });

    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, biker.email, biker.password, `/contents/edit/${bike}?tab=rider_view`);
    await testId(page, 'rider-upload').waitFor({ state: 'visible', timeout: 20_000 });
    await testId(page, 'rider-upload').locator('input[type="file"]').setInputFiles([seat, portrait]);
    await expect.poll(() => testId(page, 'rider-view-item').count(), { timeout: 20_000 }).toBe(1);
    await expectRefused(page, 'rider-upload', 'portrait-900x1600.jpg', '横長の画像を使用してください（900×1600）');
    await saveScreenshot(page, 'slider-ja-phone-rider-view');
    await expectNoSeriousA11yViolations(page);
  });

  it('shows the category images on a phone', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, account.email, account.password, null);
    await openTab(page, 'category_images', 'category-upload');
    await expect.poll(() => testId(page, 'category-images-item').count(), { timeout: 15_000 }).toBe(2);
    // Nothing runs off the side of the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'slider-ja-phone-category-images');
    await expectNoSeriousA11yViolations(page);
  });
});
