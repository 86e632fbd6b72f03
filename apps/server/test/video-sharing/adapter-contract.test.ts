import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createLocalVideoSite, type LocalVideoSite } from '../../src/platform/video-sharing/local-site.ts';
import {
  type Tokens,
  type VideoMetadata,
  type VideoSharing,
  VideoSharingError,
} from '../../src/platform/video-sharing/port.ts';
import { driveUpload } from '../../src/platform/video-sharing/resumable.ts';
import { createYoutubeSharing } from '../../src/platform/video-sharing/youtube.ts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, type FakeYoutube, startFakeYoutube } from '../helpers/fake-youtube.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

/**
 * What every video-sharing adapter does the same (the port's contract), run over the local video site and over the
 * YouTube adapter talking to the fake YouTube: consent to tokens, refresh and revoke, channel, lists, a resumable
 * upload, update, thumbnail, playlist, delete, and the service's refusals read into the same codes.
 */

const REDIRECT = 'http://spinyard.test/youtube/callback';
const META: VideoMetadata = {
  title: 'プリウス 2019 外装',
  description: 'A walk around',
  tags: ['prius', 'hybrid'],
  categoryId: '2',
  language: 'ja',
  madeForKids: false,
  privacy: 'private',
};
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);

interface Harness {
  site: VideoSharing;
  /** Goes through the consent page as the browser would and returns the code it redirected with. */
  consent(): Promise<string>;
}

const dir = useTempDir('video-sharing-contract');
let fake: FakeYoutube;
let local: LocalVideoSite;

beforeAll(async () => {
  fake = await startFakeYoutube();
  local = createLocalVideoSite({ store: createDiskBlobStore(dir.path) });
});
afterAll(() => fake.close());

const harnesses: [string, () => Harness][] = [
  ['local', () => ({ site: local, consent: () => local.consent({ channelTitle: 'Sakura Motors' }) })],
  [
    'youtube',
    () => {
      const site = createYoutubeSharing({
        clientId: FAKE_CLIENT_ID,
        clientSecret: FAKE_CLIENT_SECRET,
        urls: fake.urls,
      });
      return {
        site,
        async consent() {
          const page = await fetch(site.authorizeUrl({ state: 'st4te', redirectUri: REDIRECT }), {
            redirect: 'manual',
          });
          const back = new URL(page.headers.get('location') ?? '');
          expect(back.searchParams.get('state')).toBe('st4te');
          return back.searchParams.get('code') ?? '';
        },
      };
    },
  ],
];

describe.each(harnesses)('video-sharing adapter contract: %s', (_name, make) => {
  let harness: Harness;
  let tokens: Tokens;
  let videoId = '';
  beforeAll(async () => {
    harness = make();
    tokens = await harness.site.exchangeCode({ code: await harness.consent(), redirectUri: REDIRECT });
  });

  it('builds the spec GET form of the consent page', () => {
    const url = new URL(harness.site.authorizeUrl({ state: 'abc', redirectUri: REDIRECT }), 'http://spinyard.test');
    expect([...url.searchParams.keys()].sort()).toEqual(
      [
        'access_type',
        'approval_prompt',
        'client_id',
        'include_granted_scopes',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
      ].sort(),
    );
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('access_type')).toBe('offline');
  });

  it('turns a code into tokens once, refreshes, and tells what a token is', async () => {
    expect(tokens.refreshToken).toBeTruthy();
    await expect(
      harness.site.exchangeCode({ code: 'used-or-never-made', redirectUri: REDIRECT }),
    ).rejects.toMatchObject({
      code: 'invalidGrant',
    });
    const again = await harness.site.refresh(tokens.refreshToken ?? '');
    expect(again.accessToken).not.toBe(tokens.accessToken);
    const info = await harness.site.tokenInfo(again.accessToken);
    expect(info.scope).toContain('youtube.upload');
    expect(info.expiresIn).toBeGreaterThan(3000);
  });

  it('reads the channel, playlists, languages and categories', async () => {
    const channel = await harness.site.channel(tokens.accessToken);
    expect(channel?.id).toMatch(/^UC/);
    expect((await harness.site.playlists(tokens.accessToken)).length).toBeGreaterThan(0);
    const languages = await harness.site.languages(tokens.accessToken, 'ja');
    expect(languages.find((l) => l.id === 'en')?.name).toBe('英語');
    const categories = await harness.site.categories(tokens.accessToken, 'JP', 'en');
    expect(categories.map((c) => c.id)).toContain('2');
  });

  it('uploads resumably, in 256 KiB multiples, and answers the video', async () => {
    const file = randomBytes(3 * 256 * 1024 + 1000);
    const sessionUrl = await harness.site.startUpload(tokens.accessToken, {
      metadata: META,
      totalBytes: file.length,
      contentType: 'video/mp4',
    });
    const seen: number[] = [];
    const outcome = await driveUpload(harness.site, tokens.accessToken, {
      sessionUrl,
      totalBytes: file.length,
      chunkBytes: 256 * 1024,
      open: async function* (offset) {
        yield file.subarray(offset);
      },
      onProgress: async (received) => {
        seen.push(received);
      },
    });
    expect(outcome.video.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(outcome.bytesSent).toBe(file.length);
    expect(seen.filter((n) => n > 0)).toEqual([262144, 524288, 786432]);
    // The session, asked again, answers the same video (a job that restarts after the last chunk makes no other).
    const state = await harness.site.uploadState(tokens.accessToken, sessionUrl, file.length);
    expect(state).toMatchObject({ done: true, video: { id: outcome.video.id } });
    videoId = outcome.video.id;
  });

  it('updates, sets a thumbnail, adds to a playlist and deletes the video', async () => {
    const site = harness.site;
    await site.updateVideo(tokens.accessToken, videoId, { ...META, title: 'New title', privacy: 'unlisted' });
    await site.setThumbnail(tokens.accessToken, videoId, { bytes: JPEG, contentType: 'image/jpeg' });
    await expect(
      site.setThumbnail(tokens.accessToken, videoId, { bytes: Buffer.from('not an image'), contentType: 'image/jpeg' }),
    ).rejects.toMatchObject({ code: 'invalidImage' });
    await expect(
      site.setThumbnail(tokens.accessToken, videoId, { bytes: Buffer.alloc(0), contentType: 'image/jpeg' }),
    ).rejects.toMatchObject({ code: 'mediaBodyRequired' });
    const [playlist] = await site.playlists(tokens.accessToken);
    await site.addToPlaylist(tokens.accessToken, playlist?.id ?? '', videoId);
    const after = await site.playlists(tokens.accessToken);
    expect(after.find((p) => p.id === playlist?.id)?.itemCount).toBe((playlist?.itemCount ?? 0) + 1);
    await site.deleteVideo(tokens.accessToken, videoId);
    await expect(site.deleteVideo(tokens.accessToken, videoId)).rejects.toMatchObject({ code: 'videoNotFound' });
    await expect(site.updateVideo(tokens.accessToken, videoId, META)).rejects.toBeInstanceOf(VideoSharingError);
  });

  it('refuses a token it does not know, and every token once the grant is revoked', async () => {
    await expect(harness.site.channel('not-a-token')).rejects.toMatchObject({ code: 'authorizationRequired' });
    const fresh = await harness.site.refresh(tokens.refreshToken ?? '');
    await harness.site.revoke(tokens.refreshToken ?? '');
    await expect(harness.site.channel(fresh.accessToken)).rejects.toMatchObject({ code: 'authorizationRequired' });
    await expect(harness.site.refresh(tokens.refreshToken ?? '')).rejects.toMatchObject({ code: 'invalidGrant' });
  });
});
