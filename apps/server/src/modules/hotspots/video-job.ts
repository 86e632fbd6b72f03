import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { bossDbOf } from '../../db/boss-db.ts';
import type { Db } from '../../db/database.ts';
import type { PlayableCopy } from '../../db/schema-hotspots.ts';
import { defineJob, type JobHandler, type JobLog, type JobRunner } from '../../platform/jobs/queue-registry.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { hotspotsRepo } from './repo.ts';
import { deleteUnreferenced } from './service.ts';

/**
 * A hotspot video a browser may not play (WMV, AVI, or a picture that is not H.264) is kept as uploaded, and an
 * H.264 MP4 is made of it here, off the request (minutes for a 50 MB file on two cores). The upload marks the video
 * `pending` and enqueues this job in its own transaction; the job names the video by its key, so a video replaced
 * meanwhile is left alone and a retry of a finished copy does nothing.
 */
export interface HotspotVideoPayload {
  contentId: string;
  hotspotId: string;
  key: string;
}

export const hotspotVideoJob = defineJob<HotspotVideoPayload>('hotspots.video-mp4', {
  retryLimit: 2,
  expireInSeconds: 20 * 60,
  singletonKey: (p) => `${p.hotspotId}:${p.key}`,
});

/** Whether browsers play a probed video as it is: H.264 in an MP4 (or MOV, which the upload stores as MP4). */
export const playsInBrowsers = (container: string, codec: string): boolean =>
  container.startsWith('mov,mp4') && codec === 'h264';

/** Enqueues the copy inside the upload's transaction, so a video is `pending` exactly when its job exists. */
export async function enqueueVideoCopy(trx: Db, jobs: JobRunner, payload: HotspotVideoPayload): Promise<void> {
  await jobs.enqueue(hotspotVideoJob, payload, { db: bossDbOf(trx) });
}

export interface VideoCopyDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  log?: JobLog;
}

/** Whether a hotspot's video is still `key`, waiting for its copy. */
const holdsPending = (key: string, video: { key: string; playable?: PlayableCopy } | undefined): boolean =>
  video?.key === key && video.playable?.state === 'pending';

/**
 * Records the outcome on the hotspot under the vehicle's lock, unless its video was replaced or removed meanwhile
 * (then a made copy names nothing and goes).
 */
async function recordCopy(
  { db, store }: Pick<VideoCopyDeps, 'db' | 'store'>,
  { contentId, hotspotId, key }: HotspotVideoPayload,
  copy: PlayableCopy,
): Promise<'done' | 'failed' | 'skipped'> {
  return db.transaction().execute(async (trx) => {
    await contentRecords(trx).lock([contentId]);
    const repo = hotspotsRepo(trx);
    const row = await repo.get(contentId, hotspotId);
    const video = row?.files.video;
    if (!row || !video || !holdsPending(key, video)) {
      if (copy.state === 'ready') await deleteUnreferenced(trx, store, contentId, [copy.key]);
      return 'skipped';
    }
    await repo.update(contentId, hotspotId, {
      files: JSON.stringify({ ...row.files, video: { ...video, playable: copy } }),
    });
    return copy.state === 'ready' ? 'done' : 'failed';
  });
}

/** Records that no copy will be made (attempts spent): the viewer offers the upload for download. */
export function giveUpCopy(deps: Pick<VideoCopyDeps, 'db' | 'store'>, payload: HotspotVideoPayload) {
  return recordCopy(deps, payload, { state: 'failed' });
}

/** Makes the MP4 and records it on the hotspot; 'skipped' when the hotspot no longer holds that pending video. */
export async function makePlayableCopy(
  { db, store, media, log }: VideoCopyDeps,
  { contentId, hotspotId, key }: HotspotVideoPayload,
): Promise<'done' | 'failed' | 'skipped'> {
  if (!holdsPending(key, (await hotspotsRepo(db).get(contentId, hotspotId))?.files.video)) return 'skipped';

  const dir = await makeTempDir('spinyard-hotspot-video-');
  try {
    const blob = await store.get(key);
    let copy: PlayableCopy = { state: 'failed' };
    if (blob) {
      const input = path.join(dir, 'input');
      const output = path.join(dir, 'playable.mp4');
      await pipeline(blob.stream, createWriteStream(input));
      const made = await media.transcodeToMp4(input, output);
      const probe = made.ok ? await media.probeVideo(output) : undefined;
      if (probe?.ok) {
        const put = await putContentAddressedFile(store, `contents/${contentId}/hotspots`, output, 'mp4', {
          contentType: 'video/mp4',
        });
        copy = { state: 'ready', key: put.key, bytes: put.size, width: probe.video.width, height: probe.video.height };
      } else {
        // ffmpeg refusing the file is not a passing fault: trying again would refuse it again.
        log?.('Hotspot video could not be made playable', { contentId, hotspotId, detail: made.ok ? '' : made.detail });
      }
    }
    return await recordCopy({ db, store }, { contentId, hotspotId, key }, copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The area's job: the browser copy of a hotspot video. */
export function hotspotJobs(ctx: JobsContext): ModuleJobs {
  const handler: JobHandler<HotspotVideoPayload> = async (payload, job) => {
    try {
      return (await makePlayableCopy(ctx, payload)) === 'skipped' ? 'skipped' : 'success';
    } catch (error) {
      if (job.retryCount < hotspotVideoJob.retryLimit) throw error;
      // The last attempt failed too (the store, the disk): the video is offered for download rather than said
      // to be converting for ever.
      ctx.log('Hotspot video copy given up', { ...payload, error: String(error) });
      await giveUpCopy(ctx, payload);
      return 'success';
    }
  };
  return { definitions: [hotspotVideoJob], handlers: { [hotspotVideoJob.name]: handler } };
}
