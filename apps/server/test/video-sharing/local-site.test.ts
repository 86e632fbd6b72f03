import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createLocalVideoSite } from '../../src/platform/video-sharing/local-site.ts';
import { type VideoMetadata, VideoSharingError } from '../../src/platform/video-sharing/port.ts';
import { errorCodeOf } from '../../src/platform/video-sharing/youtube.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

/**
 * The local video site's daily upload limit: YouTube refuses a channel's upload past it with uploadLimitExceeded,
 * and the local site does the same, so the console's info message for it can be seen without a real channel.
 */

const META: VideoMetadata = {
  title: 'CX-5',
  description: '',
  tags: [],
  categoryId: '2',
  language: 'ja',
  madeForKids: false,
  privacy: 'private',
};
const HOUR = 3600 * 1000;
const dir = useTempDir('video-sharing-local-limit');

describe('the local video site: a channel’s daily upload limit', () => {
  it('refuses the upload past the limit as YouTube does, per channel, for 24 hours from the first', async () => {
    let clock = Date.UTC(2026, 10, 30, 9);
    const site = createLocalVideoSite({ store: createDiskBlobStore(dir.path), dailyUploads: 2, now: () => clock });
    // A channel's refresh token: the access tokens last an hour, and the clock here moves by hours.
    const channelOf = async (channelTitle: string) =>
      (await site.exchangeCode({ code: await site.consent({ channelTitle }), redirectUri: '' })).refreshToken ?? '';
    const start = async (refresh: string) =>
      site.startUpload((await site.refresh(refresh)).accessToken, {
        metadata: META,
        totalBytes: 1000,
        contentType: 'video/mp4',
      });
    const sakura = await channelOf('Sakura Motors');

    const first = await start(sakura);
    clock += HOUR;
    await start(sakura);
    const refused = await start(sakura).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VideoSharingError);
    // The same code and status the YouTube adapter reads from the service's own refusal of that start.
    const youtube = { error: { code: 400, errors: [{ reason: 'uploadLimitExceeded' }] } };
    expect(refused).toMatchObject({ code: errorCodeOf(400, youtube), status: 400 });

    // Another channel has a limit of its own; a session started before the limit still takes its bytes.
    await start(await channelOf('Hinode Auto'));
    const finished = await site.uploadChunk((await site.refresh(sakura)).accessToken, {
      sessionUrl: first,
      offset: 0,
      chunk: randomBytes(1000),
      totalBytes: 1000,
    });
    expect(finished.done).toBe(true);
    // A deleted video gives no upload back (the service counts what was started).
    if (finished.done) await site.deleteVideo((await site.refresh(sakura)).accessToken, finished.video.id);
    await expect(start(sakura)).rejects.toMatchObject({ code: 'uploadLimitExceeded' });

    // 24 hours after the first start, one upload again; the second one's hour later, another.
    clock += 23 * HOUR;
    await start(sakura);
    await expect(start(sakura)).rejects.toMatchObject({ code: 'uploadLimitExceeded' });
    clock += HOUR;
    await start(sakura);
  });
});
