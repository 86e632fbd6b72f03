import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realSpinFrames, realSpinViewJpeg } from '../apps/server/test/helpers/real-spin.ts';
import { setProductOptions } from './api.ts';
import { type ApiSession, activeSuperUserSession, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, type Suite, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { buildVehicle, frameOf, seedFrames, spinReady } from './viewer-scene.ts';

interface Listed {
  items: { id: string; title: string; proposed: boolean }[];
}

async function hotspots(suite: Suite, session: ApiSession, vehicleId: string): Promise<Listed> {
  const res = await fetch(`${suite.server.baseUrl}/api/browser/v0/exterior/${vehicleId}/hotspots`, {
    headers: { authorization: `Bearer ${session.content}` },
  });
  return (await res.json()) as Listed;
}

// Automatic annotation in the exterior editor (issue 23, point 4): the domain's option on, the dealer asks for
// proposals on the real car's spin, the wheels come back as proposals (not published), one is accepted and is on the
// buyer's page while the others are not, the rest rejected at once; Japanese, desktop and phone, axe-clean.
describe.skipIf(skipBrowserTests)('automatic annotation proposals in the console', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `parts-${stamp}@example.com`, password: 'abcd1234', name: `Parts ${stamp}` };
  let vehicleId = '';
  let session: ApiSession;

  beforeAll(async () => {
    await setProductOptions(suite, { auto_annotation: true });
    session = await activeSuperUserSession(suite, account);
    vehicleId = await createVehicle(suite, session, {
      management_id: `PRT-${stamp}`,
      maker: 'Honda',
      car_name: 'Civic',
    });
    const spin = realSpinFrames(24, 0, 1);
    await seedFrames(suite, vehicleId, 24, [], (_, frame) => realSpinViewJpeg(spin.views[frame] ?? 0, 480));
  }, 120_000);

  afterAll(async () => {
    await setProductOptions(suite, { auto_annotation: false });
  });

  it('proposes the wheels, accepts one and rejects the rest', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, `/contents/annotations/${vehicleId}`);
    await testId(page, 'exterior-annotator').waitFor({ state: 'visible', timeout: 20_000 });
    await testId(page, 'proposals-detect').click();
    const first = testId(page, 'proposal-1');
    await first.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await textOf(first)).toContain('ホイール');
    const proposed = (await hotspots(suite, session, vehicleId)).items;
    expect(proposed.length).toBeGreaterThanOrEqual(2);
    expect(proposed.every((h) => h.proposed)).toBe(true);
    await saveScreenshot(page, 'annotation-proposals-ja-desktop');
    await expectNoSeriousA11yViolations(page);

    await testId(page, 'proposal-accept-1').click();
    await expect
      .poll(async () => (await hotspots(suite, session, vehicleId)).items.filter((h) => !h.proposed).length)
      .toBe(1);

    // Published now, the buyer's page carries the accepted wheel and none of the proposals still waiting.
    const accepted = (await hotspots(suite, session, vehicleId)).items.find((h) => !h.proposed);
    const shortId = await buildVehicle(suite, session, vehicleId);
    const viewer = `${suite.server.baseUrl}/v/${shortId}`;
    const manifest = (await (await fetch(`${viewer}/manifest.json`)).json()) as {
      exterior: { rows: { hotspots: { id: string; title: string; frames: number[] }[] }[] };
    };
    const published = manifest.exterior.rows.flatMap((r) => r.hotspots);
    expect(published.map((h) => [h.id, h.title])).toEqual([[accepted?.id, 'ホイール']]);
    const buyer = await openPage(suite, 'ja-JP');
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    await buyer.page.goto(viewer);
    const surface = await spinReady(buyer.page);
    await surface.focus();
    const shownOn = published[0]?.frames[0] ?? 0;
    for (let i = 0; i < 24 && (await frameOf(surface)) !== shownOn; i++) await buyer.page.keyboard.press('ArrowLeft');
    expect(await frameOf(surface)).toBe(shownOn);
    const marker = buyer.page.locator('.hotspot[data-hotspot-id]');
    expect(await marker.count()).toBe(1);
    expect(await marker.getAttribute('aria-label')).toContain('ホイール');
    await saveScreenshot(buyer.page, 'annotation-proposals-viewer-ja-phone');
    await expectNoSeriousA11yViolations(buyer.page);

    await page.setViewportSize({ width: 390, height: 844 });
    await testId(page, 'proposals-reject-all').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'annotation-proposals-ja-phone');
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'proposals-reject-all').click();
    await expect
      .poll(async () => (await hotspots(suite, session, vehicleId)).items.map((h) => h.proposed))
      .toEqual([false]);
    await testId(page, 'proposal-1').waitFor({ state: 'detached' });
  }, 180_000);
});
