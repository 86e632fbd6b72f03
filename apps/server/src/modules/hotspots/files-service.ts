import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HOTSPOT_LIMITS,
  type HotspotAnswer,
  type HotspotFileKind,
  hotspotAudioFormat,
  hotspotAudioRefusal,
  IMAGE_MAX_PIXELS,
  RENDITION_QUALITY,
  videoBoundsRefusal,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { HotspotFiles, StoredHotspotFile } from '../../db/schema-hotspots.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media, RenditionSpec, StrippedContainer } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { judgedPicture, ruleError } from '../vehicle-media/image-refusals.ts';
import { renderedImage, storeHotspotIcon, storeRendered } from '../vehicle-media/images.ts';
import { hotspotAnswer, hotspotKeys } from './answer.ts';
import { hotspotsRepo } from './repo.ts';
import { deleteUnreferenced, frameCountsOf, gatedHotspot } from './service.ts';
import {
  enqueueVideoCopy,
  giveUpCopy,
  type HotspotVideoPayload,
  makePlayableCopy,
  playsInBrowsers,
} from './video-job.ts';

/**
 * A hotspot's files (second document, section 5): the annotation image (JPEG or PNG, 5 MB), audio (mp3 or m4a,
 * 5 MB, 120 s), video (mp4, mov, m4v, wmv, avi, 50 MB by default) and a custom icon (PNG, best 80x80). Each is
 * judged by its content through the Media adapter (magic numbers and decoding for images, ffprobe for audio and
 * video), never by its name, before anything is stored; then stored content-addressed under
 * `contents/<id>/hotspots` and named in the row, in one transaction behind the vehicle's gate. A file replaced or
 * removed is deleted when no other hotspot of the vehicle refers to the same bytes.
 */

export const hotspotPrefix = (contentId: string) => `contents/${contentId}/hotspots`;

const IMAGE_SPEC: RenditionSpec = {
  maxInputPixels: IMAGE_MAX_PIXELS,
  master: { width: 2560, height: 2560 },
  renditions: { thumbnail: { width: 320 }, display: { width: 1280 } },
  quality: RENDITION_QUALITY,
};

/** ffprobe's container names and what the stored file is called and served as. */
const VIDEO_CONTAINERS: Record<string, { extension: string; contentType: string; strip: StrippedContainer }> = {
  'mov,mp4,m4a,3gp,3g2,mj2': { extension: 'mp4', contentType: 'video/mp4', strip: 'mov' },
  avi: { extension: 'avi', contentType: 'video/x-msvideo', strip: 'avi' },
  asf: { extension: 'wmv', contentType: 'video/x-ms-wmv', strip: 'asf' },
};

export function maxBytesOf(kind: HotspotFileKind, videoMaxBytes: number = HOTSPOT_LIMITS.videoMaxBytes): number {
  switch (kind) {
    case 'image':
      return HOTSPOT_LIMITS.imageMaxBytes;
    case 'audio':
      return HOTSPOT_LIMITS.audioMaxBytes;
    case 'video':
      return videoMaxBytes;
    case 'icon':
      return HOTSPOT_LIMITS.iconMaxBytes;
  }
}

export interface HotspotFileDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** The annotation video bound (configurable; HOTSPOT_LIMITS.videoMaxBytes by default). */
  videoMaxBytes?: number;
  /** Where a video's browser copy is made; without a runner (tests) it is made right after the upload. */
  jobs?: JobRunner | undefined;
}

/**
 * A sound or video file without the phone's location, make and model (issue 18, finding 3), written into `dir`:
 * its streams copied into a new file with no metadata (Media.stripMetadata), or for `browser_mp4` a faststart MP4
 * (remuxToMp4, which drops the same). A file ffmpeg cannot copy is refused with `refusal`.
 */
async function stripped(
  media: Media,
  input: string,
  as: StrippedContainer | 'browser_mp4',
  dir: string,
  extension: string,
  refusal: () => AppError,
): Promise<string> {
  const output = path.join(dir, `stripped.${extension}`);
  const made =
    as === 'browser_mp4' ? await media.remuxToMp4(input, output) : await media.stripMetadata(input, output, as);
  if (!made.ok) throw refusal();
  return output;
}

/**
 * Checks the file by its content and does the heavy work (decoding, copying without metadata) into `dir`, outside
 * any transaction: an upload waiting for its turn to decode (platform/media/decode-slots.ts) holds no database
 * connection. Answers the step that stores the result and says what the row keeps (run under the vehicle's lock).
 */
async function prepared(
  { store, media }: Pick<HotspotFileDeps, 'store' | 'media'>,
  contentId: string,
  kind: HotspotFileKind,
  file: ReceivedFile,
  dir: string,
): Promise<() => Promise<HotspotFiles>> {
  const prefix = hotspotPrefix(contentId);
  if (kind === 'image' || kind === 'icon') {
    const data = await readFile(file.path);
    const size = await judgedPicture(media, data, kind === 'image' ? 'hotspot_image' : 'icon');
    if (kind === 'image') {
      const rendered = await renderedImage(media, data, IMAGE_SPEC);
      return async () => ({ image: await storeRendered(store, prefix, rendered) });
    }
    // An icon is at most 1024 pixels a side (checked from the header before decoding): made while it is stored.
    return async () => ({ icon: { ...(await storeHotspotIcon(store, media, prefix, data, size)), format: 'png' } });
  }
  if (kind === 'audio') {
    const probe = await media.probeAudio(file.path);
    const audio = probe.ok ? probe.audio : undefined;
    const format = audio && !hotspotAudioRefusal(audio) ? hotspotAudioFormat(audio) : undefined;
    if (!audio || !format) throw ruleError(hotspotAudioRefusal(audio ?? { container: '' }));
    const clean = await stripped(
      media,
      file.path,
      format,
      dir,
      format,
      () => new AppError('unsupported_audio_format', { message: 'Use an MP3 or M4A audio file.' }),
    );
    const durationSeconds = Math.round(audio.durationSeconds * 100) / 100;
    return async () => {
      const put = await putContentAddressedFile(store, prefix, clean, format, {
        contentType: format === 'mp3' ? 'audio/mpeg' : 'audio/mp4',
      });
      const stored: StoredHotspotFile = { key: put.key, bytes: put.size, format, duration_seconds: durationSeconds };
      return { audio: stored };
    };
  }
  const probe = await media.probeVideo(file.path);
  if (!probe.ok) throw new AppError('video_invalid_file', { params: { reason: probe.reason } });
  const video = probe.video;
  const container = VIDEO_CONTAINERS[video.container];
  if (!container) {
    throw new AppError('unsupported_video_format', {
      params: { container: video.container },
      message: 'Use an MP4, MOV, M4V, WMV or AVI video.',
    });
  }
  const bounds = videoBoundsRefusal(video);
  if (bounds) throw new AppError(bounds.code, { params: bounds.params, message: bounds.message });
  // H.264 in the QuickTime family is served as it is: made a plain MP4 (the sound AAC, as every browser plays);
  // anything else keeps its own container until the playable copy is made of it (video-job.ts).
  const playable = playsInBrowsers(video.container, video.codec);
  const clean = await stripped(
    media,
    file.path,
    playable ? 'browser_mp4' : container.strip,
    dir,
    container.extension,
    () => new AppError('video_invalid_file', { params: { reason: 'unreadable' } }),
  );
  const facts = {
    format: container.extension,
    duration_seconds: Math.round(video.durationSeconds * 100) / 100,
    width: video.width,
    height: video.height,
    // Kept as uploaded (without its metadata); browsers get an MP4 made of it (video-job.ts).
    ...(playable ? {} : { playable: { state: 'pending' as const } }),
  };
  return async () => {
    const put = await putContentAddressedFile(store, prefix, clean, container.extension, {
      contentType: container.contentType,
    });
    return { video: { key: put.key, bytes: put.size, ...facts } };
  };
}

export function hotspotFilesService({ db, store, media, videoMaxBytes, jobs }: HotspotFileDeps) {
  const videoMax = videoMaxBytes ?? HOTSPOT_LIMITS.videoMaxBytes;

  return {
    maxBytes: (kind: HotspotFileKind) => maxBytesOf(kind, videoMax),

    async upload(
      actor: Actor,
      contentId: string,
      hotspotId: string,
      kind: HotspotFileKind,
      file: ReceivedFile,
    ): Promise<HotspotAnswer> {
      // The gate before the file is looked at: another tenant's vehicle is `not_found` whatever the file.
      await db.transaction().execute((trx) => gatedHotspot(trx, actor, contentId, hotspotId));
      if (file.bytes > maxBytesOf(kind, videoMax)) {
        throw new AppError('file_too_large', { params: { max_bytes: maxBytesOf(kind, videoMax) } });
      }
      let copy: HotspotVideoPayload | undefined;
      const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-hotspot-'));
      try {
        const storeFile = await prepared({ store, media }, contentId, kind, file, dir);
        const answer = await db.transaction().execute(async (trx) => {
          const { hotspot } = await gatedHotspot(trx, actor, contentId, hotspotId);
          // Stored while the vehicle's lock is held, so a removal cannot delete bytes this row is about to name.
          const added = await storeFile();
          const previous = hotspotKeys({ [kind]: hotspot.files[kind] } as HotspotFiles);
          const files = { ...hotspot.files, ...added };
          const row = await hotspotsRepo(trx).update(contentId, hotspotId, { files: JSON.stringify(files) });
          if (!row) throw new AppError('not_found');
          await deleteUnreferenced(trx, store, contentId, previous);
          if (added.video?.playable?.state === 'pending') {
            copy = { contentId, hotspotId, key: added.video.key };
            if (jobs) await enqueueVideoCopy(trx, jobs, copy);
          }
          return hotspotAnswer(row, await frameCountsOf(trx, contentId));
        });
        if (copy && !jobs) {
          // Without a worker there is no retry: a copy that cannot be made is recorded as failed, and the saved upload
          // still answers 200.
          const pending = copy;
          await makePlayableCopy({ db, store, media }, pending).catch(() => giveUpCopy({ db, store }, pending));
          const row = await hotspotsRepo(db).get(contentId, hotspotId);
          if (row) return hotspotAnswer(row, await frameCountsOf(db, contentId));
        }
        return answer;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async remove(actor: Actor, contentId: string, hotspotId: string, kind: HotspotFileKind): Promise<HotspotAnswer> {
      return db.transaction().execute(async (trx) => {
        const { hotspot } = await gatedHotspot(trx, actor, contentId, hotspotId);
        if (!hotspot.files[kind]) throw new AppError('not_found');
        const previous = hotspotKeys({ [kind]: hotspot.files[kind] } as HotspotFiles);
        const files = { ...hotspot.files };
        delete files[kind];
        const row = await hotspotsRepo(trx).update(contentId, hotspotId, { files: JSON.stringify(files) });
        if (!row) throw new AppError('not_found');
        await deleteUnreferenced(trx, store, contentId, previous);
        return hotspotAnswer(row, await frameCountsOf(trx, contentId));
      });
    },
  };
}

export type HotspotFilesService = ReturnType<typeof hotspotFilesService>;
