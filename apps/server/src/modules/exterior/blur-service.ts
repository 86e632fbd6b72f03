import {
  type BlurApplyAnswer,
  type BlurApplyBody,
  type BlurPreviewQuery,
  type BlurRegion,
  type BlurredContentAnswer,
  type BlurUndoAnswer,
  readDomainOptions,
  regionProblems,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { carMaskOf } from '../../platform/ai/car-mask.ts';
import type { JobDefinition, JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import type { ContentProcessRow, ContentRecord } from '../contents/repo.ts';
import { toProcessAnswer } from '../processes/answer.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { imageAnswer } from '../vehicle-media/images.ts';
import { type BlurGroupRow, blurRepo, settingsToSave } from './blur-repo.ts';
import {
  BLUR_MAX_INPUT_PIXELS,
  type BlurPayload,
  blurSpecFor,
  blurWork,
  displayKeyOf,
  PREVIEW_QUALITY,
  refreshThumbnail,
} from './blur-work.ts';
import { carBlurFrames } from './car-background.ts';

export interface BlurServiceDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** Absent (tests without a runner): the process runs in the request, once its row is committed. */
  jobs: JobRunner | undefined;
  blurJob: JobDefinition<ProcessJobPayload>;
}

/** A JPEG to send as it is. */
export interface PreviewImage {
  jpeg: Buffer;
  /** The frame is replaced: blur skips it, so the preview shows the replacement as it stays. */
  skipped: boolean;
}

/** Around the car, the car found on the shown picture (the rotation correction is left to the apply). */
async function previewSubject(media: Media, source: Buffer) {
  const mask = await carMaskOf(media, source);
  return mask.box ? mask : { width: 1, height: 1, alpha: new Uint8Array([255]) };
}

const backgroundAllowed = (content: ContentRecord): boolean =>
  readDomainOptions(content.domain_options).background_blur;

/** The row of the vehicle, else a 422 on `group_id` (a row of another vehicle is none of this one). */
async function rowOf(trx: Db, contentId: string, groupId: string): Promise<BlurGroupRow> {
  const group = await blurRepo(trx).group(contentId, groupId);
  if (!group) {
    throw new AppError('validation_failed', {
      fields: [fieldError('group_id', 'one_of', 'This row is not a row of the vehicle.')],
    });
  }
  return group;
}

function assertTarget(content: ContentRecord, target: string): void {
  if (target !== 'regions' && !backgroundAllowed(content)) {
    throw new AppError('forbidden', {
      message: 'Blurring the background is turned off for this domain (its background blur option).',
      params: { reason: 'background_blur_off' },
    });
  }
}

/**
 * The blur editor's use cases (blur-routes.ts): read the rows with their saved settings, preview one frame, apply
 * (the `blur` process) and undo. Every change goes through `lockForMedia(..., 'EXTERIOR.APPLY_BLUR')`: another
 * tenant's vehicle is `not_found`, a running process that locks exterior edits (multiple, a blur...) refuses it
 * with `content_locked` naming the process. The background target needs the domain's `background_blur` option
 * (`forbidden`, reason `background_blur_off`); regions (plates, faces, signs) are always allowed.
 */
export function blurService(deps: BlurServiceDeps) {
  const { db, store, media } = deps;

  /** Key frames on frames of the row, each once, not lapping the spin: else a 422 naming the key frame. */
  function assertRegionsFit(regions: readonly BlurRegion[], frameCount: number, field: string): void {
    const fields = regions.flatMap((region, i) =>
      regionProblems(region, frameCount).map((p) => fieldError([field, i, ...p.path].join('.'), 'range', p.message)),
    );
    if (fields.length > 0) throw new AppError('validation_failed', { fields });
  }

  async function frameCountOf(trx: Db, contentId: string, groupId: string): Promise<number> {
    return (await blurRepo(trx).frames(contentId, groupId)).length;
  }

  function processOf(row: ContentProcessRow) {
    const process = toProcessAnswer(row);
    if (!process) throw new Error(`Unknown process ${row.process}`);
    return process;
  }

  return {
    /** `GET /blurred_contents/{id}`: every row with its saved settings and frames, and the latest blur process. */
    async get(actor: Actor, contentId: string): Promise<BlurredContentAnswer> {
      const content = await visibleForMedia(db, actor, contentId);
      const repo = blurRepo(db);
      const [groups, frames, settings, process] = await Promise.all([
        repo.groups(content.id),
        repo.frames(content.id),
        repo.settings(content.id),
        repo.latestProcess(content.id, 'blur'),
      ]);
      return {
        content_id: content.id,
        background_blur: backgroundAllowed(content),
        rows: groups.map((g) => {
          const own = frames.filter((f) => f.group_id === g.id);
          return {
            group_id: g.id,
            group_order: g.group_order,
            frame_count: own.length,
            settings: settings.get(g.id) ?? null,
            frames: own.map((f) => ({
              id: f.id,
              index: f.frame_order,
              original: imageAnswer(f.original),
              edit_kind: f.edit_kind,
              edited: f.edited ? imageAnswer(f.edited) : null,
            })),
          };
        }),
        process: process ? toProcessAnswer(process) : null,
      };
    },

    /**
     * `GET /blurred_preview/{id}`: one frame at display size with the settings applied, computed now and not
     * stored. The regions are taken as they are on that frame (a region absent there changes nothing).
     */
    async preview(actor: Actor, contentId: string, query: BlurPreviewQuery): Promise<PreviewImage> {
      const content = await visibleForMedia(db, actor, contentId);
      assertTarget(content, query.blur_target);
      const group = await rowOf(db, content.id, query.group_id);
      const frames = await blurRepo(db).frames(content.id, group.id);
      const frame = frames.find((f) => f.frame_order === query.frame);
      if (!frame) {
        throw new AppError('validation_failed', {
          fields: [fieldError('frame', 'range', `The row has ${frames.length} frames (0 to ${frames.length - 1}).`)],
        });
      }
      assertRegionsFit(query.regions, frames.length, 'regions');
      const replaced = frame.edit_kind === 'replace' && frame.edited !== null;
      const shown: StoredImage = replaced && frame.edited ? frame.edited : frame.original;
      const source = await readBlob(store, displayKeyOf(shown));
      if (!source) throw new AppError('not_found');
      const settings: Omit<BlurPayload, 'group_id'> = {
        blur_target: query.blur_target,
        blur_str: query.blur_str ?? null,
        bg_color: query.bg_color ?? null,
        regions: replaced ? [] : query.regions,
      };
      const spec = blurSpecFor(settings, query.frame, frames.length, PREVIEW_QUALITY);
      const subject = spec && query.blur_target === 'car_background' ? await previewSubject(media, source) : undefined;
      const blurred = await media.blurImage(
        source,
        spec
          ? { ...spec, subject }
          : {
              target: 'regions',
              look: { kind: 'fill', color: '#000000' },
              areas: [],
              maxInputPixels: BLUR_MAX_INPUT_PIXELS,
              quality: PREVIEW_QUALITY,
            },
      );
      return { jpeg: blurred.jpeg, skipped: replaced };
    },

    /**
     * `POST /blurred_contents/{id}`: saves the row's settings and starts the `blur` process with them (which from
     * then on locks the exterior's edits, APPLY_BLUR included, until it ends).
     */
    async apply(actor: Actor, contentId: string, body: BlurApplyBody): Promise<BlurApplyAnswer> {
      const started = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.APPLY_BLUR');
        assertTarget(content, body.blur_target);
        const group = await rowOf(trx, content.id, body.group_id);
        assertRegionsFit(body.regions, await frameCountOf(trx, content.id, group.id), 'regions');
        const settings = settingsToSave(body, body.regions, new Date());
        const repo = blurRepo(trx);
        const live = (await repo.groups(content.id)).map((g) => g.id);
        await repo.saveSettings(content.id, group.id, settings, live);
        const payload: BlurPayload = {
          group_id: group.id,
          blur_target: settings.blur_target,
          blur_str: settings.blur_str,
          bg_color: settings.bg_color,
          regions: settings.regions,
        };
        return startProcessJob(trx, deps.jobs, deps.blurJob, {
          contentId: content.id,
          process: 'blur',
          actorUserId: actor.userId,
          payload: { ...payload },
        });
      });
      let row = started;
      if (!deps.jobs) {
        await runProcessJob(db, 'blur', started.id, blurWork(deps, carBlurFrames(deps)), { lastAttempt: true });
        row = (await blurRepo(db).process(started.id)) ?? started;
      }
      return { content_id: row.content_id, group_id: body.group_id, process: processOf(row) };
    },

    /**
     * `DELETE /blurred_contents/{id}?group_id=`: the row's blurred frames show their originals again (replaced
     * frames stay replaced); the settings stay, to edit again. The blurred images' blobs are kept: they are
     * content-addressed and small, and a preview or a page still open may show them.
     */
    async undo(actor: Actor, contentId: string, groupId: string): Promise<BlurUndoAnswer> {
      return db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.APPLY_BLUR');
        const group = await rowOf(trx, content.id, groupId);
        const dropped = await blurRepo(trx).clearBlur(group.id);
        await refreshThumbnail(trx, content.id);
        return { content_id: content.id, group_id: group.id, restored: dropped.length };
      });
    },
  };
}

export type BlurService = ReturnType<typeof blurService>;
