import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkState as check,
  actionEnded as ended,
  exteriorOf,
  phonePage,
  roundDistance,
  runAction,
} from './ai-journey.ts';
import { AI_SPIN, aiSpin, productDomainCode } from './ai-spin.ts';
import { api, setProductOptions } from './api.ts';
import { type ApiSession, activeSuperUserSession, createVehicle } from './contents-api.ts';
import { skipBrowserTests } from './harness/browser.ts';
import { expectPath, signIn, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';
import { softJpeg } from './pictures.ts';
import { frameOf, seedFrames, spinReady } from './viewer-scene.ts';

// Issue 23's journey in Japanese on a phone (390x844): master turns front detection and the automatic blur on in the
// domain setting; a dealer's spin of a real car (seeded frames, its plate on the frames facing the front) gets its
// front found and its plate blurred from the exterior tab's AI tools, each with live progress; the dealer makes the
// plate's blur stronger in the blur editor and publishes; the buyer's page opens at the detected front with the plate
// blurred. Screenshots and axe on each screen.
describe.skipIf(skipBrowserTests)('AI options, from the domain setting to the published viewer', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `ai-${stamp}@example.com`, password: 'abcd1234', name: `AI ${stamp}` };
  let session: ApiSession;
  let vehicleId = '';
  let front = 0;
  let frameIds: string[] = [];
  let spin: Awaited<ReturnType<typeof aiSpin>>;

  beforeAll(async () => {
    session = await activeSuperUserSession(suite, account);
    vehicleId = await createVehicle(suite, session, {
      management_id: `AI-${stamp}`,
      maker: 'Honda',
      car_name: 'Civic',
    });
    spin = await aiSpin();
    front = spin.front;
    const [row] = await seedFrames(suite, vehicleId, AI_SPIN.frames, [], spin.picture);
    frameIds = row?.frameIds ?? [];
  }, 120_000);

  const exteriorFrames = () => exteriorOf(suite, session, vehicleId);

  it('master turns the options on; the dealer finds the front, blurs the plate, adjusts, publishes; the buyer sees it', {
    timeout: 300_000,
  }, async () => {
    const page = await phonePage(suite);

    // 1. The domain setting: the product's domain, its AI section.
    const code = await productDomainCode(suite);
    await signInAsMaster(page, suite, `/domain/edit/${code}`);
    for (const option of ['front_detection', 'background_blur']) {
      const toggle = testId(page, `option-${option}`);
      await toggle.scrollIntoViewIfNeeded();
      await toggle.check({ force: true });
      await expect.poll(() => toggle.isChecked()).toBe(true);
    }
    await check(page, 'ai-options-domain-phone-ja');
    await testId(page, 'domain-confirm').click();
    await expectPath(page, `/domain/confirmation-edit/${code}`);
    await expect.poll(() => page.locator('tr[data-changed="true"]').count()).toBe(2);
    await testId(page, 'domain-save').click();
    await expectPath(page, `/domain/edit/${code}`);

    // 2. The dealer's exterior tab: the AI tools, shown because the options are on.
    await signIn(page, account.email, account.password, `/contents/edit/${vehicleId}?tab=exterior`);
    const tools = testId(page, 'exterior-ai-tools');
    await tools.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await textOf(tools)).toContain('AI機能');
    await check(page, 'ai-options-tools-phone-ja');

    // Front detection: its progress, then the spin's first frame is the car's front.
    await runAction(page, 'ai-front_detection');
    await testId(page, 'ai-front-first-frame').waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'ai-front_detection-done'))).toContain('正面を検出し、最初のコマにしました');
    const turned = (await exteriorFrames()).groups[0]?.sheets.map((s) => s.id) ?? [];
    const at = frameIds.indexOf(turned[0] ?? '');
    expect(roundDistance(at, front, AI_SPIN.frames)).toBeLessThanOrEqual(1);
    await check(page, 'ai-options-front-phone-ja');

    // The automatic plate blur follows front detection by itself (the chain after-spin.ts runs with the blur option
    // on): the plate found on the frames facing the front, now first in the spin. Asked again, it says why not.
    await ended(page, 'ai-plate_blur');
    await testId(page, 'ai-plate_blur-start').click();
    await expect
      .poll(() => textOf(testId(page, 'ai-plate_blur-error')))
      .toBe('どの列にもすでにぼかしがあります。「ぼかし編集で確認・修正」から変えてください。');
    const blurredNow = (await exteriorFrames()).groups[0]?.sheets.filter((s) => s.edit_kind === 'blur') ?? [];
    expect(blurredNow.length).toBeGreaterThan(0);
    expect(blurredNow.map((s) => s.id)).toContain(turned[0]);
    await expect.poll(() => textOf(testId(page, 'ai-plates-count'))).toMatch(/ぼかし済みのコマ: [1-9]/);
    await check(page, 'ai-options-plates-phone-ja');

    // 3. The dealer adjusts the result: a stronger blur in the editor, applied again.
    await testId(page, 'ai-plates-open-editor').click();
    await testId(page, 'blur-editor').waitFor({ state: 'visible' });
    const strength = testId(page, 'blur-strength').locator('[role="slider"]');
    await strength.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await check(page, 'ai-options-blur-editor-phone-ja');
    await testId(page, 'blur-apply').click();
    await expect
      .poll(() => testId(page, 'blur-progress').getAttribute('data-status'), { timeout: 90_000 })
      .toBe('succeeded');
    const editor = await api(`${suite.server.baseUrl}/api/browser/v0/blurred_contents/${vehicleId}`, session.content);
    const settings = (editor.data as { rows: { settings: { blur_str: number; regions: unknown[] } }[] }).rows[0];
    expect(settings?.settings.regions.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // Extra frames are proposed first and removed only as confirmed: this real spin has none to propose.
    await testId(page, 'exterior-remove-extra').click();
    await testId(page, 'extra-images-search').click();
    const review = testId(page, 'extra-images-review');
    const none = page.getByText('削除する候補はありません。');
    await none.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await testId(page, 'extra-images-confirm').isDisabled()).toBe(true);
    await check(page, 'ai-options-extra-images-phone-ja');
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'hidden' });

    // 4. Publish from the vehicle's page.
    await page.goto(`/contents/detail/${vehicleId}`);
    await testId(page, 'content-detail').waitFor({ state: 'visible', timeout: 20_000 });
    await testId(page, 'detail-actions').click();
    await testId(page, 'content-action-publish').click();
    await page.locator('.mantine-Notification-root', { hasText: 'を公開しました' }).waitFor({ state: 'visible' });
    const detail = await api(`${suite.server.baseUrl}/api/browser/v0/contents/${vehicleId}`, session.content);
    const direct = (detail.data as { urls: { direct_url: string } }).urls.direct_url;

    // 5. The buyer's page opens at the detected front, and its plate is blurred.
    await page.goto(direct);
    const surface = await spinReady(page);
    expect(await frameOf(surface)).toBe(0);
    await check(page, 'ai-options-viewer-phone-ja');
    const manifest = (await (await fetch(`${direct}/manifest.json`)).json()) as {
      exterior: {
        initial_angle: string;
        rows: { frames: { image: { renditions: Record<string, { jpeg: string }> } }[] }[];
      };
    };
    expect(manifest.exterior.initial_angle).toBe('front');
    const shown = manifest.exterior.rows[0]?.frames[0]?.image.renditions;
    const url = shown?.display?.jpeg ?? Object.values(shown ?? {})[0]?.jpeg ?? '';
    const published = Buffer.from(await (await fetch(new URL(url, direct))).arrayBuffer());
    // The buyer is shown the blurred frame: the very picture the exterior shows as frame 0's blur, not its original.
    const first = (await exteriorFrames()).groups[0]?.sheets[0];
    expect(first?.edit_kind).toBe('blur');
    const bytes = async (href: string) => Buffer.from(await (await fetch(new URL(href, direct))).arrayBuffer());
    const edited = await bytes(first?.image.renditions.display?.jpeg ?? '');
    const original = await bytes(first?.original?.renditions.display?.jpeg ?? '');
    expect(published.equals(edited)).toBe(true);
    expect(published.equals(original)).toBe(false);
  });

  it("blurs around the car with no region drawn, puts the dealer's picture behind it, and levels the row", {
    timeout: 240_000,
  }, async () => {
    await setProductOptions(suite, { background_blur: true, exterior_rotation_correction: true });
    const car = await createVehicle(suite, session, {
      management_id: `AIB-${stamp}`,
      maker: 'Honda',
      car_name: 'Civic',
    });
    await seedFrames(suite, car, AI_SPIN.frames, [], spin.picture);
    const kinds = async () => (await exteriorOf(suite, session, car)).groups[0]?.sheets.map((s) => s.edit_kind) ?? [];
    const page = await phonePage(suite);
    await signIn(page, account.email, account.password, `/contents/edit/${car}?tab=exterior`);

    // The blur editor's third target: the car found on each frame, the rest blurred, nothing to draw.
    await testId(page, 'exterior-ai-tools').waitFor({ state: 'visible', timeout: 30_000 });
    await testId(page, 'exterior-open-blur').first().click();
    await testId(page, 'blur-editor').waitFor({ state: 'visible' });
    await page.getByText('車の周り（自動）').click();
    await testId(page, 'blur-car-background-hint').waitFor({ state: 'visible' });
    await check(page, 'ai-options-car-background-phone-ja');
    await testId(page, 'blur-apply').click();
    await expect
      .poll(() => testId(page, 'blur-progress').getAttribute('data-status'), { timeout: 90_000 })
      .toBe('succeeded');
    expect((await kinds()).every((kind) => kind === 'blur')).toBe(true);
    await page.keyboard.press('Escape');

    // The dealer's picture behind the car, from the AI tools: a file picked, the row re-made from its originals.
    const hillside = await softJpeg(
      [90, 140, 200, 120, 170, 220, 70, 120, 60, 90, 150, 70],
      2,
      { width: 800, height: 450 },
      85,
    );
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      testId(page, 'ai-background-start').click(),
    ]);
    await chooser.setFiles({ name: 'hillside.jpg', mimeType: 'image/jpeg', buffer: hillside });
    await ended(page, 'ai-background');
    await expect.poll(async () => (await kinds()).every((kind) => kind !== null)).toBe(true);
    await check(page, 'ai-options-background-phone-ja');

    // The rotation correction of the opening row: its own action, its own outcome (the background's stays its own).
    await testId(page, 'ai-rotation_correction-start').click();
    await ended(page, 'ai-rotation_correction');
    expect(await textOf(testId(page, 'ai-rotation_correction-done'))).toContain('傾きと大きさを補正しました');
    expect(await testId(page, 'ai-background').getAttribute('data-status')).toBe('succeeded');
  });
});
