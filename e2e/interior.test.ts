import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { accountVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { meanColourOf, softJpeg } from './pictures.ts';

const DIR = path.join(tmpdir(), 'spinyard-e2e-interior');

/** A panorama-like JPEG: a dim interior (dark below, a warm band of seats, a window light) of the given size. */
async function panorama(file: string, width: number, height: number): Promise<string> {
  await mkdir(DIR, { recursive: true });
  const full = path.join(DIR, file);
  const pixels = [
    ...[60, 70, 90, 150, 160, 170, 60, 70, 90, 40, 45, 60],
    ...[90, 50, 30, 40, 40, 45, 110, 60, 40, 50, 50, 55],
    ...[20, 20, 25, 30, 25, 20, 15, 15, 20, 25, 25, 30],
  ];
  await writeFile(full, await softJpeg(pixels, 4, { width, height }, 85));
  return full;
}

/** Mean brightness (0..255) of a picture as the page shows it (0 before it is drawn). */
async function brightnessOf(image: Locator): Promise<number> {
  const mean = await meanColourOf(image);
  return mean ? 0.299 * mean.r + 0.587 * mean.g + 0.114 * mean.b : 0;
}

// The interior in the browser: a panorama uploaded with its progress and listed with its thumbnail; a picture that
// is not 2:1 refused in Japanese with its size; the image-quality tool's before and after (the after brighter with
// shadows lifted), applied as a process until the scene shows as enhanced; Japanese on a desktop and a phone,
// axe-clean.
describe.skipIf(skipBrowserTests)('interior panoramas in the console', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `interior-${stamp}@example.com`, password: 'abcd1234', name: `Interior ${stamp}` };
  let vehicleId = '';
  let good = '';
  let wide = '';

  beforeAll(async () => {
    [good, wide] = await Promise.all([
      panorama('cabin-2048x1024.jpg', 2048, 1024),
      panorama('wide-1600x1000.jpg', 1600, 1000),
      activeSuperUser(suite, account),
    ]);
    // The image-quality tool is the domain's option (off by default).
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const on = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master, {
      options: { interior_enhancement: true },
    });
    expect(on.status, JSON.stringify(on.data)).toBe(200);
    vehicleId = await accountVehicle(suite, account, {
      management_id: `INT-${stamp}`,
      maker: 'Mazda',
      car_name: 'CX-5',
    });
  }, 120_000);

  const openTab = async (page: Page) => {
    await page.goto(`/contents/edit/${vehicleId}?tab=interior`);
    await testId(page, 'interior-upload').waitFor({ state: 'visible', timeout: 20_000 });
  };

  const choose = (page: Page, file: string) =>
    testId(page, 'interior-upload').locator('input[type="file"]').setInputFiles(file);

  it('uploads a panorama, refuses one that is not 2:1 in Japanese, enhances it and compares before and after', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openTab(page);

    await choose(page, good);
    await testId(page, 'interior-upload-send').click();
    const scenes = testId(page, 'interior-scene');
    await expect.poll(() => scenes.count(), { timeout: 30_000 }).toBe(1);
    await scenes.first().locator('img').waitFor({ state: 'visible' });
    expect(await textOf(scenes.first())).toContain('2048×1024 px');

    // Not 2:1: refused in the browser by the server's rule as soon as it is chosen (nothing to send), said in
    // Japanese with the picture's size; nothing is added.
    await choose(page, wide);
    const refused = testId(page, 'interior-upload-error');
    await refused.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await textOf(refused)).toContain('横が縦のちょうど2倍（2:1）');
    expect(await textOf(refused)).toContain('1600×1000');
    expect(await scenes.count()).toBe(1);
    expect(await testId(page, 'interior-upload-send').isDisabled()).toBe(true);
    await saveScreenshot(page, 'interior-ja-desktop-scenes');
    await expectNoSeriousA11yViolations(page);

    // The image-quality tool: shadows lifted, the live "after" is brighter than the "before".
    await testId(page, 'interior-enhance-open').click();
    const tool = testId(page, 'interior-enhance-tool');
    await tool.waitFor({ state: 'visible', timeout: 20_000 });
    const before = tool.getByRole('img', { name: '補正前' });
    await before.waitFor({ state: 'visible' });
    await tool.getByRole('switch', { name: 'シャドウ・ハイライト' }).check();
    const after = testId(page, 'interior-enhance-after');
    await after.waitFor({ state: 'visible', timeout: 20_000 });
    await expect
      .poll(async () => (await brightnessOf(after)) - (await brightnessOf(before)), { timeout: 15_000 })
      .toBeGreaterThan(8);
    await saveScreenshot(page, 'interior-ja-desktop-enhance');
    await expectNoSeriousA11yViolations(page);

    // Applied as the interior_enhance process: the scene shows as enhanced once it is done.
    await testId(page, 'interior-enhance-apply').click();
    await expect.poll(() => textOf(scenes.first()), { timeout: 60_000 }).toContain('補正済み');
    await expect.poll(() => testId(page, 'interior-enhance-undo').isEnabled(), { timeout: 15_000 }).toBe(true);
    await tool.getByRole('button', { name: '閉じる' }).last().click();
    await tool.waitFor({ state: 'hidden' });

    // A zoom point placed by a click on the flat panorama, saved, and counted on the scene.
    await scenes.first().getByRole('button', { name: '初期表示・ズームポイント' }).click();
    const editor = testId(page, 'interior-view-editor');
    await editor.waitFor({ state: 'visible', timeout: 20_000 });
    await editor.getByText('ズームポイント', { exact: true }).click();
    await editor
      .getByRole('button', { name: 'パノラマ全体（クリックで位置を指定）' })
      .click({ position: { x: 60, y: 40 } });
    expect(await editor.getByRole('img', { name: /^ズームポイント 1/ }).count()).toBe(1);
    await saveScreenshot(page, 'interior-ja-desktop-view-editor');
    await expectNoSeriousA11yViolations(page);
    await editor.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => textOf(scenes.first()), { timeout: 15_000 }).toContain('ズームポイント 1');
  });

  it('lists the scene on a phone without running off the side', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, account.email, account.password, null);
    await openTab(page);
    await expect.poll(() => testId(page, 'interior-scene').count(), { timeout: 15_000 }).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'interior-ja-phone-scenes');
    await expectNoSeriousA11yViolations(page);
  });
});
