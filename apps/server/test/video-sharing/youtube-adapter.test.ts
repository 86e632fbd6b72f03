import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tokens, VideoSharingConnectionError } from '../../src/platform/video-sharing/port.ts';
import { driveUpload } from '../../src/platform/video-sharing/resumable.ts';
import { createYoutubeSharing } from '../../src/platform/video-sharing/youtube.ts';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeCall,
  type FakeYoutube,
  startFakeYoutube,
} from '../helpers/fake-youtube.ts';

/** The YouTube adapter against the fake: uploads that survive dropped connections, and Google's errors read. */

const UNIT = 256 * 1024;
const META = {
  title: 'Demo',
  description: '',
  tags: [],
  categoryId: null,
  language: null,
  madeForKids: false,
  privacy: 'private' as const,
};
let fake: FakeYoutube;
let site: ReturnType<typeof createYoutubeSharing>;
let tokens: Tokens;

beforeAll(async () => {
  fake = await startFakeYoutube();
  site = createYoutubeSharing({ clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET, urls: fake.urls });
  const page = await fetch(site.authorizeUrl({ state: 's', redirectUri: 'http://x.test/cb' }), { redirect: 'manual' });
  const code = new URL(page.headers.get('location') ?? '').searchParams.get('code') ?? '';
  tokens = await site.exchangeCode({ code, redirectUri: 'http://x.test/cb' });
});
afterAll(() => fake.close());

const fromBuffer = (file: Buffer) =>
  async function* (offset: number) {
    // Slices smaller than a chunk, as a blob's stream gives them.
    for (let at = offset; at < file.length; at += 100_000) yield file.subarray(at, Math.min(at + 100_000, file.length));
  };

describe('resumable upload to the fake YouTube', () => {
  it('survives three dropped connections, resending only what the service did not keep', async () => {
    const file = randomBytes(16 * UNIT + 12345);
    const before = fake.bytesReceived();
    for (const afterBytes of [UNIT + 5000, 2 * UNIT + 7, 3 * UNIT - 1])
      fake.inject('chunk', { kind: 'drop', afterBytes });
    const sessionUrl = await site.startUpload(tokens.accessToken, {
      metadata: META,
      totalBytes: file.length,
      contentType: 'video/mp4',
    });
    const outcome = await driveUpload(site, tokens.accessToken, {
      sessionUrl,
      totalBytes: file.length,
      chunkBytes: 4 * UNIT,
      open: fromBuffer(file),
    });
    expect(outcome.drops).toBe(3);
    expect(fake.videos.get(outcome.video.id)?.body.equals(file)).toBe(true);
    // What reached the service twice: each drop loses at most what arrived past the last 256 KiB it kept.
    const extra = fake.bytesReceived() - before - file.length;
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThan(3 * UNIT);
  });

  it('goes on from the session after a restart (a new drive asks what arrived first)', async () => {
    const file = randomBytes(6 * UNIT);
    const sessionUrl = await site.startUpload(tokens.accessToken, {
      metadata: META,
      totalBytes: file.length,
      contentType: 'video/mp4',
    });
    fake.inject('chunk', { kind: 'drop', afterBytes: 2 * UNIT + 10 });
    fake.inject('chunk', { kind: 'drop', afterBytes: 10 });
    // The first drive stops: the second drop brought nothing past the first.
    await expect(
      driveUpload(site, tokens.accessToken, {
        sessionUrl,
        totalBytes: file.length,
        chunkBytes: 4 * UNIT,
        open: fromBuffer(file),
      }),
    ).rejects.toBeInstanceOf(VideoSharingConnectionError);
    expect(await site.uploadState(tokens.accessToken, sessionUrl, file.length)).toEqual({
      done: false,
      received: 2 * UNIT,
    });
    const outcome = await driveUpload(site, tokens.accessToken, {
      sessionUrl,
      totalBytes: file.length,
      chunkBytes: 4 * UNIT,
      open: fromBuffer(file),
    });
    expect(outcome.bytesSent).toBe(4 * UNIT);
    expect(fake.videos.get(outcome.video.id)?.body.equals(file)).toBe(true);
  });

  it('refuses chunks that are not multiples of 256 KiB', async () => {
    await expect(
      driveUpload(site, tokens.accessToken, {
        sessionUrl: 'x',
        totalBytes: 1,
        chunkBytes: 1000,
        open: fromBuffer(Buffer.alloc(1)),
      }),
    ).rejects.toThrow(/256 KiB/);
  });
});

describe("Google's errors read into the port's codes", () => {
  const cases: [FakeCall, number, string, string][] = [
    ['start', 400, 'uploadLimitExceeded', 'uploadLimitExceeded'],
    ['start', 403, 'quotaExceeded', 'quotaExceeded'],
    ['start', 403, 'forbidden', 'forbidden'],
    ['start', 401, 'authorizationRequired', 'authorizationRequired'],
    ['start', 503, 'backendError', 'backendError'],
    ['playlistItems', 403, 'maxPlaylistExceeded', 'maxPlaylistExceeded'],
    ['thumbnail', 429, 'uploadRateLimitExceeded', 'uploadRateLimitExceeded'],
    ['thumbnail', 403, 'forbidden', 'forbidden'],
    ['update', 500, 'internalError', 'backendError'],
    ['delete', 403, 'rateLimitExceeded', 'quotaExceeded'],
  ];
  it.each(cases)('%s answering %i %s is %s', async (call, status, reason, code) => {
    fake.inject(call, { kind: 'status', status, reason });
    const calls: Record<string, () => Promise<unknown>> = {
      start: () => site.startUpload(tokens.accessToken, { metadata: META, totalBytes: 10, contentType: 'video/mp4' }),
      playlistItems: () => site.addToPlaylist(tokens.accessToken, 'PL', 'abcdefghijk'),
      thumbnail: () =>
        site.setThumbnail(tokens.accessToken, 'abcdefghijk', { bytes: Buffer.alloc(1), contentType: 'image/png' }),
      update: () => site.updateVideo(tokens.accessToken, 'abcdefghijk', META),
      delete: () => site.deleteVideo(tokens.accessToken, 'abcdefghijk'),
    };
    await expect(calls[call]?.()).rejects.toMatchObject({ code, status });
  });

  it('reads a 404 on the channel as no channel', async () => {
    fake.setChannel(false);
    expect(await site.channel(tokens.accessToken)).toBeNull();
    fake.setChannel(true);
    expect(await site.channel(tokens.accessToken)).toMatchObject({ title: 'Fake Motors' });
  });
});
