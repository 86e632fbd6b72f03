import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { accountVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { repoRoot } from './harness/server.ts';
import { meanColourOf, softJpeg } from './pictures.ts';

const DIR = path.join(tmpdir(), 'spinyard-e2e-interior-wb');

/** A grey cabin-like 2:1 JPEG (no colour cast), so a warmer white balance shows as red over blue. */
async function panorama(): Promise<string> {
  await mkdir(DIR, { recursive: true });
  const file = path.join(DIR, 'grey-cabin-1024x512.jpg');
  const pixels = [90, 90, 90, 160, 160, 160, 70, 70, 70, 120, 120, 120, 40, 40, 40, 200, 200, 200];
  await writeFile(file, await softJpeg(pixels, 3, { width: 1024, height: 512 }, 85));
  return file;
}

/** Mean red minus mean blue (-255..255) of a picture as the page shows it (0 before it is drawn). */
async function warmthOf(image: Locator): Promise<number> {
  const mean = await meanColourOf(image);
  return mean ? mean.r - mean.b : 0;
}

// The image-quality tool's live "after" follows the white balance sliders before they are applied (issue 9): warmer
// shows redder at once, with a note that nothing is kept until applied; with the domain's enhancement option off
// (only the white balance offered) as well as on. Japanese, desktop and phone, axe-clean.
describe.skipIf(skipBrowserTests)('interior: the white balance in the live preview', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `int-wb-${stamp}@example.com`, password: 'abcd1234', name: `IntWb ${stamp}` };
  let vehicleId = '';
  let picture = '';

  beforeAll(async () => {
    [picture] = await Promise.all([panorama(), activeSuperUser(suite, account)]);
    vehicleId = await accountVehicle(suite, account, {
      management_id: `WB-${stamp}`,
      maker: 'Honda',
      car_name: 'N-BOX',
    });
  }, 120_000);

  /** Opens the tool on the vehicle's first scene (uploading the picture when there is none). */
  const openTool = async (page: Page) => {
    await page.goto(`/contents/edit/${vehicleId}?tab=interior`);
    await testId(page, 'interior-upload').waitFor({ state: 'visible', timeout: 20_000 });
    const scenes = testId(page, 'interior-scene');
    await page.waitForLoadState('networkidle');
    if ((await scenes.count()) === 0) {
      await testId(page, 'interior-upload').locator('input[type="file"]').setInputFiles(picture);
      await testId(page, 'interior-upload-send').click();
      await expect.poll(() => scenes.count(), { timeout: 30_000 }).toBe(1);
    }
    await testId(page, 'interior-enhance-open').first().click();
    const tool = testId(page, 'interior-enhance-tool');
    await tool.waitFor({ state: 'visible', timeout: 20_000 });
    return tool;
  };

  /** The temperature slider taken to +100 (warmest) with the keyboard. */
  const warmest = async (page: Page, tool: Locator) => {
    await tool.getByRole('slider', { name: '色温度（寒色 −100〜+100 暖色）' }).focus();
    await page.keyboard.press('End');
  };

  it('shows an unapplied warmer white balance in the "after" with the enhancement option off', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    const tool = await openTool(page);
    expect(await testId(page, 'interior-enhance-off').count()).toBe(1);
    const before = tool.getByRole('img', { name: '補正前' });
    await before.waitFor({ state: 'visible' });
    expect(await testId(page, 'interior-wb-unapplied').count()).toBe(0);

    await warmest(page, tool);
    const after = testId(page, 'interior-enhance-after');
    await after.waitFor({ state: 'visible', timeout: 20_000 });
    await expect
      .poll(async () => (await warmthOf(after)) - (await warmthOf(before)), { timeout: 15_000 })
      .toBeGreaterThan(15);
    expect(await textOf(testId(page, 'interior-wb-unapplied'))).toContain('適用するまで保存されません');
    await saveScreenshot(page, 'interior-wb-preview-off-desktop-ja');
    await expectNoSeriousA11yViolations(page);

    // Back to neutral: the note goes and the "after" is the picture in force again (no preview asked).
    for (let i = 0; i < 100; i += 1) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => testId(page, 'interior-wb-unapplied').count()).toBe(0);
    await expect.poll(() => testId(page, 'interior-enhance-after').count()).toBe(0);
  });

  it('with the option on, shows the white balance together with the corrections, on a phone too', async () => {
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const on = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master, {
      options: { interior_enhancement: true },
    });
    expect(on.status, JSON.stringify(on.data)).toBe(200);
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    const tool = await openTool(page);
    expect(await testId(page, 'interior-enhance-off').count()).toBe(0);
    const before = tool.getByRole('img', { name: '補正前' });
    const after = testId(page, 'interior-enhance-after');
    await after.waitFor({ state: 'visible', timeout: 20_000 });
    await tool.getByRole('switch', { name: '彩度' }).check();
    await warmest(page, tool);
    await expect
      .poll(async () => (await warmthOf(after)) - (await warmthOf(before)), { timeout: 15_000 })
      .toBeGreaterThan(15);
    await testId(page, 'interior-wb-unapplied').waitFor({ state: 'visible' });

    // On a phone the tool's "after" is scrolled far above the sliders: the same picture shows beside them.
    await page.setViewportSize({ width: 390, height: 844 });
    const beside = testId(page, 'interior-wb-phone-preview');
    await beside.waitFor({ state: 'visible' });
    await testId(page, 'interior-wb-unapplied').scrollIntoViewIfNeeded();
    expect(await warmthOf(beside.locator('img'))).toBeGreaterThan((await warmthOf(before)) + 15);
    await page.screenshot({
      path: path.join(repoRoot, 'test-results', 'e2e', 'interior-wb-preview-phone-screen-ja.png'),
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await expectNoSeriousA11yViolations(page);
  });
});
