import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { type ApiSession, activeSuperUserSession } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';
import { frameOf, interiorScene, panorama, publishedVehicle, spinReady } from './viewer-scene.ts';

const XSS = '<img src=x onerror="window.__xss=1">"><script>window.__xss=2</script>';

// What the viewer shows besides the spin: an exterior hotspot placed on frames 0 and 6 following the spin (its place
// moves between them, it is gone past them), opened as a dialog whose title and body are the dealer's markup as
// inert text; the basic info the dealer chose; the interior opened on demand (Photo Sphere Viewer loaded then, not
// before) with its hotspot as a marker; axe-clean; unique names throughout.
describe.skipIf(skipBrowserTests)('the viewer: hotspots, details, interior', () => {
  const suite = useSuite();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { email: `viewer-c-${stamp}@example.com`, password: 'abcd1234', name: `Viewer C ${stamp}` };
  let session: ApiSession;
  let shortId = '';
  let vehicleId = '';
  let rearScene = '';

  /** A content API call of the scene, which must answer `status`. */
  const sent = async (status: number, route: string, body: unknown) => {
    const res = await api(`${suite.server.baseUrl}/api/browser/v0/${route}`, session.content, body);
    expect(res.status, JSON.stringify(res.data)).toBe(status);
  };

  beforeAll(async () => {
    session = await activeSuperUserSession(suite, account);
    const picture = await panorama();
    const uploadScene = (id: string, name: string, title: string) =>
      interiorScene(suite, session, id, picture, name, title);
    const made = await publishedVehicle(
      suite,
      session,
      {
        management_id: `VC-${stamp}`,
        maker: 'Subaru',
        car_name: 'Forester',
        mileage: 12345,
        basic_info_shown: ['maker', 'car_name', 'mileage'],
      },
      async (id, rows) => {
        await sent(201, `exterior/${id}/hotspots`, {
          type: 'inspector',
          title: `Door ${XSS}`,
          body: `Line one\n${XSS}`,
          placement: {
            group_id: rows[0]?.id,
            key_frames: [
              { frame: 0, x: 0.3, y: 0.5 },
              { frame: 6, x: 0.7, y: 0.5 },
            ],
          },
        });
        // A 360 close-up of a detail (the temp row 2, shot around it), seen on frames 20 to 25 only.
        await sent(201, `exterior/${id}/hotspots`, {
          type: 'closeup_360',
          title: 'Wheel',
          closeup_group_id: rows[1]?.id,
          placement: {
            group_id: rows[0]?.id,
            key_frames: [
              { frame: 20, x: 0.6, y: 0.7 },
              { frame: 25, x: 0.4, y: 0.7 },
            ],
          },
        });
        const scene = { id: await uploadScene(id, 'panorama.jpg', 'Cabin') };
        // A second scene, a zoom point on the first, and VR mode on: the interior's tools.
        rearScene = await uploadScene(id, 'rear.jpg', 'Rear seats');
        await sent(200, `interior/${id}/scenes/${scene.id}`, {
          zoom_points: [{ yaw: 30, pitch: -10, label: 'Navi' }],
        });
        await sent(200, `contents/vrmode/on/${id}`, {});
        await sent(201, `interior/${id}/hotspots`, {
          type: 'inspector',
          title: `Seat ${XSS}`,
          placement: { scene_id: scene.id, yaw: 0, pitch: 0 },
        });
        // The inspector's marks, shown as the development view inside the content.
        const marks = [
          { panel: 'bonnet', symbol: 'A', level: 2 },
          { panel: 'left_front_door', symbol: 'U', level: 1 },
        ];
        for (const [route, body] of [
          ['cs-car-inspection', { id, inspector_name: 'Sato', marks }],
          ['development_view_disp', { id, display: true }],
          ['development_view_position', { id, position: 'inside' }],
        ] as const) {
          await sent(200, `contents/${route}`, body);
        }
        vehicleId = id;
      },
      [36, 8],
      [2],
    );
    shortId = made.shortId;
  }, 180_000);

  it('draws the hotspot where its key frames put it, opens it as text, counts the opening', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto(`/v/${shortId}`);
    const surface = await spinReady(page);
    const hotspot = page.locator('.hotspot[data-hotspot-id]');
    await hotspot.waitFor();
    const stage = await surface.boundingBox();
    const at0 = await hotspot.boundingBox();
    if (!stage || !at0) throw new Error('no hotspot on frame 0');
    expect((at0.x + at0.width / 2 - stage.x) / stage.width).toBeCloseTo(0.3, 1);

    await surface.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    expect(await frameOf(surface)).toBe(3);
    const at3 = await hotspot.boundingBox();
    expect(((at3?.x ?? 0) + (at3?.width ?? 0) / 2 - stage.x) / stage.width).toBeCloseTo(0.5, 1);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    expect(await hotspot.count()).toBe(0);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');

    const opened = page.waitForRequest((r) => r.url().endsWith('/moments') && (r.postData() ?? '').includes('hotspot'));
    await hotspot.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.hotspot-dialog[open]');
    await dialog.waitFor();
    expect(await textOf(dialog.locator('h2'))).toBe(`Door ${XSS}`);
    expect(await textOf(dialog.locator('.dialog-text'))).toBe(`Line one\n${XSS}`);
    expect(await dialog.locator('img[src="x"], script').count()).toBe(0);
    expect(JSON.parse((await opened).postData() ?? '{}').kind).toBe('hotspot_open');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'viewer-hotspot-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const facts = page.locator('.facts');
    await facts.waitFor();
    expect(await textOf(facts)).toContain('12,345 km');
  });

  it('loads Photo Sphere Viewer only when the interior is opened, with its hotspot as a text marker', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/v/${shortId}`);
    await spinReady(page);
    expect(scripts.some((u) => u.includes('Interior'))).toBe(false);

    const interiorOpened = page.waitForRequest((r) => (r.postData() ?? '').includes('interior_open'));
    await page.getByRole('button', { name: '内装を見る' }).click();
    await interiorOpened;
    const marker = page.locator('.interior-hotspot');
    await marker.waitFor({ timeout: 30_000 });
    expect(scripts.some((u) => u.includes('Interior'))).toBe(true);
    expect(await marker.getAttribute('aria-label')).toBe(`Seat ${XSS}を開く`);
    await marker.click();
    const dialog = page.locator('dialog.hotspot-dialog[open]');
    await dialog.waitFor();
    expect(await textOf(dialog.locator('h2'))).toBe(`Seat ${XSS}`);
    await saveScreenshot(page, 'viewer-interior-ja');
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  }, 120_000);

  it('opens a 360 close-up hotspot as a small spin of its own, turned by keys', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto(`/v/${shortId}`);
    const surface = await spinReady(page);
    await surface.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    expect(await frameOf(surface)).toBe(20);
    await page.getByRole('button', { name: 'Open Wheel' }).click();
    const closeup = page.locator('dialog.hotspot-dialog[open] .closeup');
    await closeup.waitFor();
    expect(await closeup.getAttribute('aria-valuemax')).toBe('8');
    await closeup.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => closeup.getAttribute('aria-valuenow')).toBe('3');
    await expect.poll(() => closeup.getAttribute('data-frame')).toBe('2');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
  });

  it("switches scenes, offers its zoom point and VR, and asks iOS's motion permission for the gyroscope", async () => {
    const { page } = await openPage(suite, 'en-US');
    // iOS's permission prompt, answered "no" by the buyer; counted so the test sees it was asked.
    await page.addInitScript(() => {
      const w = window as unknown as { __asked: number; DeviceOrientationEvent: { requestPermission?: unknown } };
      w.__asked = 0;
      w.DeviceOrientationEvent.requestPermission = async () => {
        w.__asked += 1;
        return 'denied';
      };
    });
    await page.goto(`/v/${shortId}?view=interior`);
    const panorama = page.locator('.interior-panorama');
    await page.locator('.interior-hotspot').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Rear seats' }).click();
    await expect.poll(() => panorama.getAttribute('data-scene')).toBe(rearScene);
    expect(await page.getByRole('button', { name: 'Rear seats' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Cabin' }).click();
    // Offered twice: as a marker on the panorama (once the scene has loaded) and as a button among the tools.
    await page.locator('.interior-panorama').getByRole('button', { name: 'Zoom: Navi' }).waitFor();
    await page.locator('.interior-tools').getByRole('button', { name: 'Zoom: Navi' }).waitFor();
    expect(await page.getByRole('button', { name: 'VR' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Gyroscope' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
    await expect
      .poll(() => textOf(page.locator('.interior-message')))
      .toBe('Permission to use the device orientation was not given.');
    await expectNoSeriousA11yViolations(page);
  }, 120_000);

  it('opens on the interior from the interior URL (?view=interior), in English', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto(`/v/${shortId}?view=interior`);
    await page.locator('.interior-hotspot').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: /interior/i }).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  }, 120_000);

  it("wears the domain's saved design at once: colours and the custom icon, without a new publication", async () => {
    const base = `${suite.server.baseUrl}/api/browser/v0`;
    const colours = { accent: '#0b7285', hotspot: '#ffd43b', panel: '#212529', panel_text: '#f8f9fa' };
    await sent(200, 'custom_design', { colours });
    const png = await sharp({ create: { width: 80, height: 80, channels: 4, background: '#e8590c80' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'standard.png');
    const icon = await fetch(`${base}/custom_design/icon/standard`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.content}` },
      body: form,
    });
    const design = (await icon.json()) as { icons: { standard: { url: string } } };
    expect(icon.status, JSON.stringify(design)).toBe(200);

    const { page } = await openPage(suite, 'fr-FR');
    await page.goto(`/v/${shortId}`);
    await spinReady(page);
    const css = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
    expect(await css('.controls', 'background-color')).toContain('0.0431'); // #0b7285 at 90 %: color-mix's srgb
    const marker = page.locator('.hotspot[data-hotspot-id] img.hotspot-icon');
    await marker.waitFor();
    expect(await marker.getAttribute('src')).toBe(design.icons.standard.url);
    expect(await marker.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await marker.click();
    const dialog = page.locator('dialog.hotspot-dialog[open]');
    await dialog.waitFor();
    expect(await css('dialog.hotspot-dialog', 'background-color')).toBe('rgb(33, 37, 41)');
    expect(await css('dialog.hotspot-dialog', 'color')).toBe('rgb(248, 249, 250)');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'viewer-design-fr');
    await page.keyboard.press('Escape');

    // The interior's marker takes the domain's icon too.
    await page.getByRole('button', { name: /intérieur/i }).click();
    const inside = page.locator('.interior-hotspot img.hotspot-icon');
    await inside.waitFor({ timeout: 30_000 });
    expect(await inside.getAttribute('src')).toBe(design.icons.standard.url);
    await expectNoSeriousA11yViolations(page);
  }, 120_000);

  it('shows the development view over the spin, then below it once the dealer moves it outside', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/v/${shortId}`);
    await spinReady(page);
    await page.getByRole('button', { name: '展開図を見る' }).click();
    const overlay = page.locator('.damage-overlay');
    const bonnet = overlay.locator('[data-panel="bonnet"]');
    await bonnet.waitFor();
    expect(await bonnet.getAttribute('data-marks')).toBe('A2');
    expect(await overlay.locator('[data-panel="left_front_door"]').getAttribute('data-marks')).toBe('U1');
    expect(await overlay.getByRole('img').getAttribute('aria-label')).toContain('ボンネット');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'viewer-damage-map-inside-ja-phone');
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });

    await sent(200, 'contents/development_view_position', { id: vehicleId, position: 'outside' });
    const rebuilt = await fetch(`${suite.server.baseUrl}/api/tourmaker/buildcontents/${vehicleId}/?_=${Date.now()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.content}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'publish=1&user=e2e',
    });
    expect(rebuilt.status).toBe(200);
    await page.goto(`/v/${shortId}`);
    const below = page.locator('.details .damage-map [data-panel="bonnet"]');
    await below.waitFor();
    expect(await below.getAttribute('data-marks')).toBe('A2');
    expect(await page.getByRole('button', { name: '展開図を見る' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });

  it("shows the buyers' visits above on the dealer's chart: views, hotspots and interiors opened", async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, '/statistic/chart');
    const total = (kind: string) => textOf(testId(page, `statistic-total-${kind}-value`));
    // The tests above opened the viewer page, its hotspot and its interior (each counted once a visitor and day).
    await expect.poll(async () => Number(await total('view')), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(Number(await total('hotspot_open'))).toBeGreaterThan(0);
    expect(Number(await total('interior_open'))).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });
});
