import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api, firstDomainId } from './api.ts';
import { activeSuperUserSession } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, useSuite } from './harness/fixtures.ts';
import { linkPath, outbox } from './mail.ts';
import { frameOf, interiorScene, panorama, publishedVehicle, spinReady } from './viewer-scene.ts';

// Issue 21's call: a dealer schedules a meeting about two published vehicles (one with an interior, one of limited
// publication) and a price sheet with a buyer through the meetings API; the dealer opens the host link the API hands
// out, the buyer the link of the invitation mail, in two Chromium windows (fake camera and microphone). They see
// each other's video frames really decode; the buyer's spin follows the dealer's, and still does after the buyer's
// connection dropped and came back as the same participant; the buyer's interior follows the dealer's look angle and
// zoom; the dealer switches to the limited vehicle and shows the price sheet, and the buyer sees both; the dealer's
// memo is saved on the meeting. The buyer's page is the phone layout, in Japanese, axe-clean; a refused camera gets
// its own page.

/** Frames the page's first remote video has presented: decoded and shown, not only received. */
const remoteFrames = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video');
    return video?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
  });

/** Keeps the stream the page's first remote video shows now: a new connection brings another object. */
const keepRemoteStream = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video');
    (window as unknown as { keptStream: unknown }).keptStream = video?.srcObject;
  });

/** The interior's look angle as the page's panorama shows it (radians and zoom level, data attributes). */
const angleOf = (page: Page) =>
  page.locator('.interior-panorama').evaluate((el: HTMLElement) => ({
    yaw: Number(el.dataset.yaw ?? Number.NaN),
    pitch: Number(el.dataset.pitch ?? Number.NaN),
    zoom: Number(el.dataset.zoom ?? Number.NaN),
  }));

/** The call's signaling sockets of the page, recorded as they open: a test drops one as a network drop would. */
function recordSockets() {
  const Native = window.WebSocket;
  const opened: WebSocket[] = [];
  (window as unknown as { callSockets: WebSocket[] }).callSockets = opened;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      opened.push(this);
    }
  };
}
describe.skipIf(skipBrowserTests)('the call in the browser', () => {
  const suite = useSuite();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const buyer = `buyer-${stamp}@example.com`;
  let hostLink = '';
  let guestLink = '';
  let meetingUrl = '';
  let content = '';

  beforeAll(async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const on = await api(`${baseUrl}/v1/domain/${domainId}`, master, {
      options: { web_negotiation: true, web_negotiation_participants: 2 },
    });
    expect(on.status, JSON.stringify(on.data)).toBeLessThan(300);
    const session = await activeSuperUserSession(suite, {
      email: `call-${stamp}@example.com`,
      password: 'abcd1234',
      name: '販売店 太郎',
    });
    content = session.content;
    const picture = await panorama();
    const car = await publishedVehicle(suite, session, { management_id: `CALL-${stamp}` }, async (id, rows) => {
      await interiorScene(suite, session, id, picture, 'cabin.jpg', 'Cabin');
      // A hotspot seen all round the spin, at the stage's centre.
      const spot = await api(`${baseUrl}/api/browser/v0/exterior/${id}/hotspots`, session.content, {
        type: 'inspector',
        title: 'タイヤの溝',
        body: '残り6mm',
        placement: {
          group_id: rows[0]?.id,
          key_frames: [
            { frame: 0, x: 0.5, y: 0.5 },
            { frame: 35, x: 0.5, y: 0.5 },
          ],
        },
      });
      expect(spot.status, JSON.stringify(spot.data)).toBe(201);
    });
    // The second vehicle is a limited publication: the meeting opens it to its participants without the password.
    const limited = await publishedVehicle(
      suite,
      session,
      { management_id: `LIMITED-${stamp}`, limited_password_enabled: true, limited_password: 'only-4-buyers' },
      undefined,
      [12],
    );
    // A meeting starting in 5 minutes: its links open from 10 minutes before the start.
    const meetings = `${baseUrl}/api/browser/v0/web_negotiation_group`;
    const made = await api(meetings, session.content, {
      title: `商談 ${stamp}`,
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 60,
      vehicle_ids: [car.id, limited.id],
      invitees: [{ name: '購入者 花子', email: buyer }],
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const { id } = made.data as { id: string };
    meetingUrl = `${meetings}/${id}`;
    // The price sheet, a picture the call shows to everyone.
    const form = new FormData();
    const sheet = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(sheet)], { type: 'image/png' }), 'price-sheet.png');
    const sent = await fetch(`${meetingUrl}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.content}` },
      body: form,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const host = await api(`${meetings}/${id}/host-link`, session.content, {});
    expect(host.status, JSON.stringify(host.data)).toBeLessThan(300);
    const url = new URL((host.data as { url: string }).url);
    hostLink = `${url.pathname}${url.hash}`;
    // The buyer's link as the buyer receives it: the invitation mail in the server's outbox.
    // (waitForLink's expect.poll is refused in a hook: the same wait with vi.waitFor.)
    const box = outbox(suite.server.dataDir);
    guestLink = await vi.waitFor(
      async () => {
        const mail = (await box.mails()).find((m) => m.to.includes(buyer) && m.text.includes('/call#'));
        if (!mail) throw new Error(`no invitation to ${buyer} yet`);
        return linkPath(mail, '/call#');
      },
      { timeout: 30_000, interval: 250 },
    );
  });

  it('connects a dealer and a buyer who share the spin, the interior, the vehicles and the documents, through a drop', async () => {
    const { page: host } = await openPage(suite, 'ja-JP');
    const { page: guest, context: guestContext } = await openPage(suite, 'ja-JP');
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.addInitScript(recordSockets);
    await host.goto(hostLink);
    await guest.goto(guestLink);

    // Each decodes the other's camera: the count of presented frames grows.
    for (const page of [host, guest]) {
      await page.waitForFunction(
        () =>
          (document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video')?.getVideoPlaybackQuality()
            .totalVideoFrames ?? 0) > 10,
      );
    }
    const before = await remoteFrames(guest);
    await guest.waitForFunction(
      (n) =>
        (document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video')?.getVideoPlaybackQuality()
          .totalVideoFrames ?? 0) > n,
      before,
    );

    // The dealer turns the spin; the buyer's shows the same frame.
    await spinReady(host);
    await spinReady(guest);
    const hostSurface = host.locator('.spin-surface');
    const guestSurface = guest.locator('.spin-surface');
    const turn = async (key: 'ArrowLeft' | 'ArrowRight') => {
      await hostSurface.focus();
      for (let i = 0; i < 5; i++) await host.keyboard.press(key);
      const turned = await frameOf(hostSurface);
      await expect.poll(() => frameOf(guestSurface)).toBe(turned);
    };
    await turn('ArrowLeft');
    await expect(guest.getByRole('status').filter({ hasText: '販売店 太郎' }).count()).resolves.toBe(1);

    // The buyer's network drops and comes back; the spin is followed again.
    await dropAndReturn(host, guest, guestContext);
    await spinReady(guest);
    await turn('ArrowRight');

    // The dealer's page reloads (the same link): the same host again, whose new states the buyer follows.
    await host.reload();
    await spinReady(host);
    await turn('ArrowLeft');
    await turn('ArrowRight');

    // The dealer opens a hotspot: the buyer's opens too, and closes with the dealer's.
    await host.locator('.hotspot[data-hotspot-id]').focus();
    await host.keyboard.press('Enter');
    const guestDialog = guest.locator('dialog.hotspot-dialog[open]');
    await guestDialog.locator('h2').filter({ hasText: 'タイヤの溝' }).waitFor();
    await host.keyboard.press('Escape');
    await guestDialog.waitFor({ state: 'detached' });

    // Into the interior: the buyer's panorama looks where the dealer's does, at the same zoom.
    await host.getByRole('button', { name: '内装を見る' }).click();
    const hostPanorama = host.locator('.interior-panorama[data-yaw]');
    await hostPanorama.waitFor();
    await guest.locator('.interior-panorama[data-yaw]').waitFor();
    const first = await angleOf(host);
    await hostPanorama.scrollIntoViewIfNeeded();
    const box = await hostPanorama.boundingBox();
    if (!box) throw new Error('the interior has no box');
    await host.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await host.mouse.down();
    await host.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 30, { steps: 6 });
    await host.mouse.up();
    await host.mouse.wheel(0, -300);
    await expect
      .poll(async () => {
        const now = await angleOf(host);
        return { turned: now.yaw !== first.yaw, zoomed: now.zoom !== first.zoom };
      })
      .toEqual({ turned: true, zoomed: true });
    await expect
      .poll(async () => {
        const [h, g] = [await angleOf(host), await angleOf(guest)];
        return Math.abs(h.yaw - g.yaw) < 0.01 && Math.abs(h.pitch - g.pitch) < 0.01 && h.zoom === g.zoom;
      })
      .toBe(true);
    expect((await angleOf(guest)).yaw).not.toBe(first.yaw);

    // The dealer switches to the limited vehicle: the buyer's spin is that vehicle's, opened by the meeting.
    await host.getByRole('button', { name: `LIMITED-${stamp}` }).click();
    await guest
      .locator('.call-vehicle-name[data-vehicle="1"]')
      .filter({ hasText: `LIMITED-${stamp}` })
      .waitFor();
    await spinReady(guest);
    expect(await guest.locator('.interior-panorama').count()).toBe(0);

    // The dealer shows the price sheet: the buyer sees the picture, fetched with the buyer's own link.
    await host.getByRole('button', { name: '全員に表示 price-sheet.png' }).click();
    await guest.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.call-document-shown img')?.naturalWidth ?? 0) === 320,
    );
    await guest.getByRole('button', { name: 'ダウンロード price-sheet.png' }).waitFor();
    expect(await guest.getByRole('button', { name: '全員に表示 price-sheet.png' }).count()).toBe(0);

    // The dealer's memo and evaluation, from the call, saved on the meeting; the buyer has no such form.
    await host.getByText('メモと評価シート').click();
    await host.getByLabel('メモ', { exact: true }).fill('赤色を希望、来週試乗');
    await host.getByLabel('評価（1〜5）').selectOption('4');
    await host.getByRole('button', { name: 'メモと評価を保存' }).click();
    await host.getByRole('status').filter({ hasText: '保存しました。' }).waitFor();
    const saved = await api(meetingUrl, content);
    expect(saved.data).toMatchObject({ memo: '赤色を希望、来週試乗', evaluation: { score: 4 } });
    expect(await guest.getByText('メモと評価シート').count()).toBe(0);

    await saveScreenshot(guest, 'call-guest-phone-ja');
    await saveScreenshot(host, 'call-host-ja');
    await expectNoSeriousA11yViolations(guest);
    await expectNoSeriousA11yViolations(host);
    // The dealer's page on a phone too: the vehicles, documents and notes stacked, nothing cut.
    await host.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(host, 'call-host-phone-ja');
    await expectNoSeriousA11yViolations(host);

    // The dealer ends the meeting: the buyer's page says so.
    await host.getByRole('button', { name: '商談を終了' }).click();
    await guest.getByRole('alert').filter({ hasText: 'ホストが退出したため' }).waitFor();
  });

  it('shows a clear page, with a way in, when the browser refuses the camera', async () => {
    const { page } = await openPage(suite, 'en-US');
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(guestLink);
    await page.getByRole('heading', { name: 'Camera and microphone are blocked' }).waitFor();
    await page.getByRole('button', { name: 'Join without camera' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});

/** The buyer's network drops (offline, its socket gone) and comes back: the same participant in the same room,
 * the dealer's video on a new connection. */
async function dropAndReturn(host: Page, guest: Page, guestContext: BrowserContext): Promise<void> {
  const guestId = await host.locator('.call-tile[data-self="false"]').getAttribute('data-participant');
  const selfId = await guest.locator('.call-tile[data-self="true"]').getAttribute('data-participant');
  await keepRemoteStream(guest);
  await guestContext.setOffline(true);
  await guest.evaluate(() => {
    for (const s of (window as unknown as { callSockets: WebSocket[] }).callSockets) s.close();
  });
  await guest.getByRole('status').filter({ hasText: '再接続しています' }).waitFor();
  await guestContext.setOffline(false);
  await guest.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video');
    const stream = video?.srcObject as MediaStream | null;
    const kept = (window as unknown as { keptStream: unknown }).keptStream;
    return stream && stream !== kept && stream.getVideoTracks()[0]?.readyState === 'live';
  });
  await guest.evaluate(
    () =>
      new Promise((resolve) =>
        document
          .querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video')
          ?.requestVideoFrameCallback(resolve),
      ),
  );
  expect(await host.locator('.call-tile[data-self="false"]').getAttribute('data-participant')).toBe(guestId);
  expect(await guest.locator('.call-tile[data-self="true"]').getAttribute('data-participant')).toBe(selfId);
  expect(await host.locator('.call-tile[data-self="false"]').count()).toBe(1);
}
