import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api, firstDomainId } from './api.ts';
import { activeSuperUserSession } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, useSuite } from './harness/fixtures.ts';
import { linkPath, outbox } from './mail.ts';
import { frameOf, publishedVehicle, spinReady } from './viewer-scene.ts';

// Issue 21's call: a dealer schedules a meeting about a published vehicle with a buyer through the meetings API;
// the dealer opens the host link the API hands out, the buyer the link of the invitation mail, in two Chromium
// windows (fake camera and microphone). They see each other's video frames really decode, and the buyer's spin
// follows the dealer's; the buyer's page is the phone layout, in Japanese, axe-clean; a refused camera gets its
// own page.

/** Frames the page's first remote video has presented: decoded and shown, not only received. */
const remoteFrames = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video');
    return video?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
  });

describe.skipIf(skipBrowserTests)('the call in the browser', () => {
  const suite = useSuite();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const buyer = `buyer-${stamp}@example.com`;
  let hostLink = '';
  let guestLink = '';

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
    const car = await publishedVehicle(suite, session, { management_id: `CALL-${stamp}` });
    // A meeting starting in 5 minutes: its links open from 10 minutes before the start.
    const meetings = `${baseUrl}/api/browser/v0/web_negotiation_group`;
    const made = await api(meetings, session.content, {
      title: `商談 ${stamp}`,
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 60,
      vehicle_ids: [car.id],
      invitees: [{ name: '購入者 花子', email: buyer }],
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const { id } = made.data as { id: string };
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

  it('connects a dealer and a buyer who see each other and the same turn of the spin', async () => {
    const { page: host } = await openPage(suite, 'ja-JP');
    const { page: guest } = await openPage(suite, 'ja-JP');
    await guest.setViewportSize({ width: 390, height: 844 });
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
    await hostSurface.focus();
    for (let i = 0; i < 5; i++) await host.keyboard.press('ArrowLeft');
    const turned = await frameOf(hostSurface);
    await expect.poll(() => frameOf(guestSurface)).toBe(turned);
    await expect(guest.getByRole('status').filter({ hasText: '販売店 太郎' }).count()).resolves.toBe(1);

    await saveScreenshot(guest, 'call-guest-phone-ja');
    await saveScreenshot(host, 'call-host-ja');
    await expectNoSeriousA11yViolations(guest);
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
