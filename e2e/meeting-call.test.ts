import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, activeSuperUserSession } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { openPage, useSuite } from './harness/fixtures.ts';
import { frameOf, publishedVehicle, spinReady } from './viewer-scene.ts';

// Issue 21's call: a dealer and a buyer open their links in two Chromium windows (fake camera and microphone), see
// each other's video frames really decode, and the buyer's spin follows the dealer's; the buyer's page is the phone
// layout, in Japanese, axe-clean; a refused camera gets its own page. The meetings come from a file the server reads
// per join (SPINYARD_CALL_TEST_ROOMS) until the meetings module's own MeetingRooms is wired in.
const roomsFile = path.join(mkdtempSync(path.join(tmpdir(), 'spinyard-call-')), 'rooms.json');

/** Frames the page's first remote video has presented: decoded and shown, not only received. */
const remoteFrames = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.call-tile[data-self="false"] video');
    return video?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
  });

describe.skipIf(skipBrowserTests)('the call in the browser', () => {
  const suite = useSuite({ env: { SPINYARD_CALL_TEST_ROOMS: roomsFile } });
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  let session: ApiSession;

  beforeAll(async () => {
    session = await activeSuperUserSession(suite, {
      email: `call-${stamp}@example.com`,
      password: 'abcd1234',
      name: `Call ${stamp}`,
    });
    const car = await publishedVehicle(suite, session, { management_id: `CALL-${stamp}` });
    const admission = (role: 'host' | 'guest', participantId: string, displayName: string) => ({
      meetingId: `meeting-${stamp}`,
      domainId: 'e2e',
      role,
      participantId,
      displayName,
      maxParticipants: 2,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      vehicles: [{ contentId: car.id, shortId: car.shortId }],
    });
    writeFileSync(
      roomsFile,
      JSON.stringify([
        { token: `host-${stamp}`, admission: admission('host', 'dealer', '販売店 太郎') },
        { token: `guest-${stamp}`, admission: admission('guest', 'buyer', '購入者 花子') },
      ]),
    );
  });

  it('connects a dealer and a buyer who see each other and the same turn of the spin', async () => {
    const { page: host } = await openPage(suite, 'ja-JP');
    const { page: guest } = await openPage(suite, 'ja-JP');
    await guest.setViewportSize({ width: 390, height: 844 });
    await host.goto(`/call#host-${stamp}`);
    await guest.goto(`/call#guest-${stamp}`);

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
    await page.goto(`/call#guest-${stamp}`);
    await page.getByRole('heading', { name: 'Camera and microphone are blocked' }).waitFor();
    await page.getByRole('button', { name: 'Join without camera' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
