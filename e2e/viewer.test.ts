import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, firstDomainId } from './api.ts';
import { type ApiSession, activeSuperUserSession } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, textOf, useSuite } from './harness/fixtures.ts';
import { freePort } from './harness/server.ts';
import { centrePixel, frameOf, publishedVehicle, spinReady } from './viewer-scene.ts';

// The public viewer at the short URL: the first frame in the HTML before any script, the spin turned by mouse and
// keyboard (the canvas shows another frame), a limited publication's password checked on the server (wrong, then
// right), an unpublished vehicle's page, the embed code in a page of another origin, a vertical swipe over the spin
// scrolling a phone's page, axe-clean in Japanese and English. Every name is unique: the server may be shared.
describe.skipIf(skipBrowserTests)('the public viewer', () => {
  const suite = useSuite();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { email: `viewer-${stamp}@example.com`, password: 'abcd1234', name: `Viewer ${stamp}` };
  const PASSWORD = `gate-${stamp}`;
  let session: ApiSession;
  let open = { id: '', shortId: '' };
  let limited = { id: '', shortId: '' };
  let hidden = { id: '', shortId: '' };
  let twoRows = { id: '', shortId: '' };
  let tagged = { id: '', shortId: '' };
  let host: Server | undefined;
  let hostUrl = '';

  beforeAll(async () => {
    session = await activeSuperUserSession(suite, account);
    // The domain lets its vehicles carry an analytics tag (one vehicle below turns it on).
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const option = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master, {
      options: { analytics_tag: true },
    });
    expect(option.status, JSON.stringify(option.data)).toBe(200);
    [open, limited, hidden, twoRows, tagged] = await Promise.all([
      publishedVehicle(suite, session, {
        management_id: `VW-${stamp}-1`,
        maker: 'Mazda',
        car_name: 'CX-5',
        basic_info_shown: ['maker', 'car_name'],
      }),
      publishedVehicle(suite, session, {
        management_id: `VW-${stamp}-2`,
        limited_password_enabled: true,
        limited_password: PASSWORD,
      }),
      publishedVehicle(suite, session, { management_id: `VW-${stamp}-3` }),
      publishedVehicle(suite, session, { management_id: `VW-${stamp}-4` }, undefined, [36, 12]),
      publishedVehicle(suite, session, {
        management_id: `VW-${stamp}-5`,
        analytics_tag_enabled: true,
        analytics_tag: 'G-E2ETEST1',
      }),
    ]);
    const unpublish = await api(
      `${suite.server.baseUrl}/api/browser/v0/contents/private/${hidden.id}`,
      session.content,
      {},
    );
    expect(unpublish.status, JSON.stringify(unpublish.data)).toBe(200);

    // The dealer's site: another origin (another port) whose page holds the vehicle's embed code, below and above
    // enough text that a phone has to scroll past the spin.
    const detail = await api(`${suite.server.baseUrl}/api/browser/v0/contents/${open.id}`, session.content);
    const embed = (detail.data as { urls: { embed_code: string } }).urls.embed_code;
    expect(embed).toContain(`/v/${open.shortId}?embed=1`);
    const filler = '<p>Dealer text.</p>'.repeat(40);
    const html = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Dealer</title></head><body><main><h1>Our car</h1>${filler}${embed}${filler}</main></body></html>`;
    const port = await freePort();
    host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => host?.listen(port, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${port}/`;
  }, 180_000);

  afterAll(async () => {
    // The worker's shared browser (e2e/harness/shared-context.ts) outlives the test and keeps its idle keep-alive
    // connections: close() alone would wait for them.
    host?.closeAllConnections();
    await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)));
  });

  it('shows the first frame from the HTML alone, with no script running', async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.server.baseUrl,
      javaScriptEnabled: false,
      locale: 'ja-JP',
    });
    try {
      const page = await context.newPage();
      const response = await page.goto(`/v/${open.shortId}`);
      expect(response?.status()).toBe(200);
      const first = page.locator('#first-frame');
      await first.waitFor({ state: 'visible' });
      const box = await first.boundingBox();
      expect(box?.width).toBeGreaterThan(600);
      expect(box?.height).toBeGreaterThan(300);
      // Decoded and painted: a screenshot of the box is the frame's own colour, not the stage's grey.
      const shot = await first.screenshot();
      expect(shot.byteLength).toBeGreaterThan(1000);
      expect(await first.getAttribute('alt')).toBe('車両の外装');
      expect(await page.title()).toContain('Mazda CX-5');
    } finally {
      await context.close();
    }
  });

  it('turns by drag and by keyboard, the canvas drawing another frame, and counts the view', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    const view = page.waitForRequest((r) => r.url().endsWith('/api/viewer/v0/moments') && r.method() === 'POST');
    await page.goto(`/v/${open.shortId}`);
    expect(JSON.parse((await view).postData() ?? '{}')).toEqual({ short_id: open.shortId, kind: 'view' });
    const surface = await spinReady(page);
    expect(await frameOf(surface)).toBe(0);
    const before = await centrePixel(page);

    const box = await surface.boundingBox();
    if (!box) throw new Error('no spin on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    const dragged = await frameOf(surface);
    expect(dragged).toBeGreaterThan(0);
    await expect.poll(() => centrePixel(page)).not.toBe(before);

    // The picture follows the arrow as it follows a drag: left is the next frame.
    await surface.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await frameOf(surface)).toBe(dragged + 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await frameOf(surface)).toBe(dragged - 1);
    expect(await surface.getAttribute('aria-valuetext')).toBe(`${dragged} / 36コマ目`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'viewer-desktop-ja');
  });

  it('zooms in and out, goes full screen and back, and changes rows, by its buttons', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto(`/v/${twoRows.shortId}`);
    const surface = await spinReady(page);

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => surface.getAttribute('class')).toContain('is-zoomed');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => surface.getAttribute('class')).not.toContain('is-zoomed');

    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.id ?? '')).toBe('stage');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.id ?? '')).toBe('');

    // Two rows: the second one (12 frames) below the first (36).
    expect(await textOf(page.locator('.controls .control-text'))).toBe('Row 1 of 2');
    await page.getByRole('button', { name: 'Row below' }).click();
    await expect.poll(() => surface.getAttribute('data-row')).toBe('1');
    await expect.poll(() => surface.getAttribute('aria-valuemax')).toBe('12');
    expect(await textOf(page.locator('.controls .control-text'))).toBe('Row 2 of 2');
    await page.getByRole('button', { name: 'Row above' }).click();
    await expect.poll(() => surface.getAttribute('data-row')).toBe('0');
    await expectNoSeriousA11yViolations(page);
  });

  it("runs the dealer's analytics tag by its id, sandboxed off the console's origin, only where it is on", async () => {
    const { page } = await openPage(suite, 'en-US');
    const asked: string[] = [];
    // Google's tag host stands in here: no request leaves the machine.
    await page.route('https://www.googletagmanager.com/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagLoaded = true;' });
    });
    await page.goto(`/v/${tagged.shortId}`);
    const surface = await spinReady(page);
    const tagFrame = async () => page.frames().find((f) => f.url().includes('/viewer/tag-frame?id=G-E2ETEST1'));
    await expect.poll(async () => (await tagFrame()) !== undefined).toBe(true);
    const frame = await tagFrame();
    if (!frame) throw new Error('no tag frame');
    await expect
      .poll(() => frame.evaluate(() => (window as { __tagLoaded?: boolean }).__tagLoaded === true))
      .toBe(true);
    expect(asked).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1']);
    // The tag ran in the frame only: an opaque origin without storage, nothing of it in the page.
    expect(await page.evaluate(() => (window as { __tagLoaded?: boolean }).__tagLoaded)).toBeUndefined();
    const inside = await frame.evaluate(() => {
      let storage = 'open';
      try {
        void window.localStorage.length;
      } catch {
        storage = 'refused';
      }
      return {
        origin: self.origin,
        storage,
        cookie: (() => {
          try {
            return document.cookie;
          } catch {
            return 'refused';
          }
        })(),
      };
    });
    expect(inside).toEqual({ origin: 'null', storage: 'refused', cookie: 'refused' });
    const layer = () =>
      frame.evaluate(() =>
        ((window as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => JSON.stringify(Array.from(a))),
      );
    const configured = (await layer()).map((entry) => JSON.parse(entry) as unknown[]);
    expect(configured.map((a) => a[0])).toEqual(['consent', 'js', 'config']);
    expect(configured[2]?.[2]).toMatchObject({ page_location: `${suite.server.baseUrl}/v/${tagged.shortId}` });
    // The buyer's actions reach the tag as events.
    await surface.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await layer()).some((e) => e === '["event","spin"]')).toBe(true);

    asked.length = 0;
    await page.goto(`/v/${open.shortId}`);
    await spinReady(page);
    expect(asked).toEqual([]);
    expect(page.frames()).toHaveLength(1);
  });

  it('is axe-clean in English, with English words', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.goto(`/v/${open.shortId}`);
    await spinReady(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('.spin-surface').getAttribute('aria-label')).toBe('Exterior of the vehicle, turns 360°');
    await expectNoSeriousA11yViolations(page);
  });

  it('asks for the password of a limited publication, refuses a wrong one, opens with the right one', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    const gate = await page.goto(`/v/${limited.shortId}`);
    expect(gate?.status()).toBe(401);
    expect(await textOf(page.locator('h1'))).toBe('パスワードが必要です');
    expect(await page.locator('img').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await page.locator('#gate-password').fill('not-the-password');
    await page.locator('form.gate button[type="submit"]').click();
    await page.locator('#gate-error').waitFor();
    expect(await textOf(page.locator('#gate-error'))).toBe('パスワードが正しくありません。');
    expect(await page.locator('img').count()).toBe(0);

    await page.locator('#gate-password').fill(PASSWORD);
    await page.locator('form.gate button[type="submit"]').click();
    const surface = await spinReady(page);
    expect(await page.locator('#first-frame').count()).toBe(1);
    await surface.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await frameOf(surface)).toBe(1);
  });

  it("answers an unpublished vehicle's page in the browser's language, without media", async () => {
    const { page } = await openPage(suite, 'en-US');
    const res = await page.goto(`/v/${hidden.shortId}`);
    expect(res?.status()).toBe(404);
    expect(await textOf(page.locator('h1'))).toBe('This vehicle is not published');
    expect(await page.locator('img, script').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    const { page: ja } = await openPage(suite, 'ja-JP');
    await ja.goto(`/v/${hidden.shortId}`);
    expect(await textOf(ja.locator('h1'))).toBe('この車両は公開されていません');
  });

  it('runs from the embed code in a page of another origin', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.goto(hostUrl);
    // A frame out of sight is not painted (nor lazily loaded): the buyer scrolls to it first.
    await page.locator('iframe').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe');
    const surface = await spinReady(frame);
    await surface.scrollIntoViewIfNeeded();
    await surface.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await frameOf(surface)).toBe(1);
    const box = await surface.boundingBox();
    if (!box) throw new Error('no spin in the frame');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await frameOf(surface)).toBeGreaterThan(1);
  });

  it('on a phone, a vertical swipe over the spin scrolls the page and a sideways one turns it', async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'ja-JP',
    });
    try {
      const page = await context.newPage();
      await page.goto(hostUrl);
      await page.evaluate(() => {
        const frame = document.querySelector('iframe');
        window.scrollTo(0, (frame?.getBoundingClientRect().top ?? 0) + window.scrollY - 200);
      });
      const surface = await spinReady(page.frameLocator('iframe'));
      const box = await surface.boundingBox();
      if (!box) throw new Error('no spin on the phone');
      const cdp = await context.newCDPSession(page);
      const swipe = async (dx: number, dy: number) => {
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        for (let i = 1; i <= 10; i++) {
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [{ x: x + (dx * i) / 10, y: y + (dy * i) / 10 }],
          });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      // Without reduced motion the spin turns once by itself when all its frames are in: wait for it to stop.
      let frameBefore = -1;
      for (let stable = 0; stable < 3; ) {
        await page.waitForTimeout(200);
        const now = await frameOf(surface);
        stable = now === frameBefore ? stable + 1 : 0;
        frameBefore = now;
      }
      expect(frameBefore).toBe(0);
      const scrollBefore = await page.evaluate(() => window.scrollY);
      await swipe(0, -150);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore + 50);
      expect(await frameOf(surface)).toBe(frameBefore);

      // A swipe flings on: wait until the page stands still before the sideways one.
      const settled = async () => {
        let last = -1;
        for (;;) {
          await page.waitForTimeout(150);
          const y = await page.evaluate(() => window.scrollY);
          if (y === last) return y;
          last = y;
        }
      };
      await settled();
      // The fling may have carried the spin off the screen: bring it back before the sideways swipe.
      await page.evaluate(() => {
        const frame = document.querySelector('iframe');
        window.scrollTo(0, (frame?.getBoundingClientRect().top ?? 0) + window.scrollY - 200);
      });
      const scrolled = await settled();
      const moved = await surface.boundingBox();
      if (moved) box.y = moved.y;
      await swipe(-120, 0);
      await expect.poll(() => frameOf(surface)).not.toBe(frameBefore);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(10);
    } finally {
      await context.close();
    }
  });

  it('fits a phone at the short URL (screenshot for review)', async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.server.baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'ja-JP',
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await page.goto(`/v/${open.shortId}`);
      await spinReady(page);
      const controls = await page.locator('.controls').boundingBox();
      expect((controls?.x ?? -1) >= 0 && (controls?.x ?? 0) + (controls?.width ?? 0) <= 390).toBe(true);
      await saveScreenshot(page, 'viewer-phone-ja');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
