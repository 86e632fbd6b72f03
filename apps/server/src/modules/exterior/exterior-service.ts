import {
  type ExteriorAnswer,
  type ExteriorInitialAngleBody,
  type ExteriorOrderBody,
  type Operation,
  readDomainOptions,
  type UploadLimitCheckAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import type { ContentRecord } from '../contents/repo.ts';
import type { UploadsService } from '../uploads/service.ts';
import { toExteriorAnswer } from './answer.ts';
import { exteriorRowEdits } from './car-background-start.ts';
import { deleteUnreferencedBlobs, imagesOfFrame, refreshExteriorFlags } from './edit-common.ts';
import { ROW_PIPELINES } from './extra-images-work.ts';
import { exteriorProcesses } from './process-start.ts';
import { exteriorRepo } from './repo.ts';

export interface ExteriorServiceDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** Absent (tests without a runner): a process runs in the request, once its row is committed. */
  jobs: JobRunner | undefined;
  uploads: UploadsService;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** A received replacement file (multipart): where its bytes are, and how many. */
export interface ReplacementFile {
  path: string;
  bytes: number;
}

/** The frame ids of a reorder: every frame of the row exactly once, else a 422 on `sheet_ids`. */
function assertEveryFrameOnce(frames: readonly { id: string }[], ids: readonly string[]): void {
  const wanted = new Set(ids);
  const known = new Set(frames.map((f) => f.id));
  const sameSet = wanted.size === ids.length && wanted.size === known.size && ids.every((id) => known.has(id));
  if (!sameSet) {
    throw new AppError('validation_failed', {
      fields: [
        fieldError(
          'sheet_ids',
          'one_of',
          `List every frame of the row exactly once (${known.size} frames; a frame of another row or twice is refused).`,
        ),
      ],
    });
  }
}

/**
 * The exterior as the dealer edits it (routes.ts): the answer with its rows, frames, obvr facts, settings, uploads
 * and processes; and every edit, each through `lockForMedia` with its operation (so a running process refuses it
 * with `content_locked` naming the process, another tenant's vehicle is `not_found`): reorder (REORDER), delete a
 * row or the whole exterior (DELETE), delete a frame, the initial angle (UPDATE), the initial row
 * (UPDATE_INITIAL_ROW), replace a frame and restore it (REPLACE_IMAGE), remove extra images (REMOVE_EXTRA_IMAGES).
 * Direct edits answer the exterior after the change; replace-image and extra-image removal are processes.
 */
export function exteriorService(deps: ExteriorServiceDeps) {
  return {
    ...exteriorReads(deps),
    ...exteriorEdits(deps),
    ...exteriorProcesses(deps),
    ...exteriorRowEdits(deps),
  };
}

/** The exterior as it stands, and whether another video may be uploaded. */
function exteriorReads(deps: ExteriorServiceDeps) {
  const { db } = deps;

  async function answerOf(actor: Actor, content: ContentRecord): Promise<ExteriorAnswer> {
    const repo = exteriorRepo(db);
    const [groups, frames, settings, uploads, running] = await Promise.all([
      repo.groups(content.id),
      repo.frames(content.id),
      repo.settings(content.id),
      deps.uploads.unfinishedOf(actor.userId, content.id, 'exterior'),
      processQueryService(db).isProcessing(actor, content.id),
    ]);
    return toExteriorAnswer({
      contentId: content.id,
      groups,
      frames,
      settings,
      options: readDomainOptions(content.domain_options),
      uploads,
      processes: running.processes,
      pipelineRunning: running.processes.some((p) => (ROW_PIPELINES as readonly string[]).includes(p.process)),
    });
  }

  async function get(actor: Actor, contentId: string): Promise<ExteriorAnswer> {
    return answerOf(actor, await visibleForMedia(db, actor, contentId));
  }

  return {
    get,

    /** Whether another exterior video may be uploaded now: the domain's limit against the vehicle's unfinished uploads. */
    async uploadLimitCheck(actor: Actor, contentId: string): Promise<UploadLimitCheckAnswer> {
      const content = await visibleForMedia(db, actor, contentId);
      const limit = readDomainOptions(content.domain_options).exterior_upload_limit;
      const used = await deps.uploads.countUnfinished(content.id, 'exterior');
      return { allowed: used < limit, limit, used };
    },
  };
}

/** The direct edits: each answers the exterior after the change. */
function exteriorEdits(deps: ExteriorServiceDeps) {
  const { db, store } = deps;
  const log = deps.log ?? (() => undefined);
  const { get } = exteriorReads(deps);

  /**
   * A direct edit: in one transaction the vehicle is locked through the media gate with `operation`, `change`
   * runs and answers the images it dropped, and the flags follow; after the commit the dropped images' blobs go
   * when nothing shows them, and the exterior is answered as it is now.
   */
  async function edit(
    actor: Actor,
    contentId: string,
    operation: Operation,
    change: (trx: Db, content: ContentRecord) => Promise<StoredImage[] | undefined>,
  ): Promise<ExteriorAnswer> {
    const dropped = await db.transaction().execute(async (trx) => {
      const content = await lockForMedia(trx, actor, contentId, operation);
      // One writer of the rows at a time: a job on this vehicle (replace, extra removal, a pipeline) waits, or is
      // waited for.
      await exteriorRepo(trx).lockRows(contentId);
      const images = await change(trx, content);
      if (images !== undefined) await refreshExteriorFlags(trx, contentId, content);
      return images ?? [];
    });
    await cleanUp(contentId, dropped);
    return get(actor, contentId);
  }

  async function cleanUp(contentId: string, dropped: readonly StoredImage[]): Promise<void> {
    try {
      await deleteUnreferencedBlobs(db, store, contentId, dropped);
    } catch (error) {
      // The change stands; an orphan blob costs storage, not correctness.
      log('Exterior blobs not deleted', { contentId, error: String(error) });
    }
  }

  return {
    /** `POST /exteriorimage/order`: the row's frames in the order given; every frame of the row exactly once. */
    async order(actor: Actor, body: ExteriorOrderBody): Promise<ExteriorAnswer> {
      return edit(actor, body.content_id, 'EXTERIOR.REORDER', async (trx) => {
        const repo = exteriorRepo(trx);
        const group = await repo.group(body.content_id, body.group_id);
        if (!group) throw new AppError('not_found');
        assertEveryFrameOnce(await repo.framesOf(group.id), body.sheet_ids);
        await repo.reorderFrames(group.id, body.sheet_ids);
        return [];
      });
    },

    /** Deletes a row; the rows after it move up (1..n). The last row gone: the vehicle has no exterior. */
    async deleteRow(actor: Actor, contentId: string, groupId: string): Promise<ExteriorAnswer> {
      return edit(actor, contentId, 'EXTERIOR.DELETE', async (trx) => {
        const repo = exteriorRepo(trx);
        const group = await repo.group(contentId, groupId);
        if (!group) throw new AppError('not_found');
        const frames = await repo.framesOf(group.id);
        await repo.deleteGroups([group.id]);
        await repo.renumberGroups(contentId);
        const settings = await repo.settings(contentId);
        const rows = (await repo.groups(contentId)).length;
        // The initial row stays on the same row when an earlier one goes, and within the rows there are.
        if (settings && settings.initial_row > group.group_order) {
          await repo.saveSettings(contentId, { initial_row: Math.max(1, settings.initial_row - 1) });
        } else if (settings && settings.initial_row > Math.max(rows, 1)) {
          await repo.saveSettings(contentId, { initial_row: Math.max(rows, 1) });
        }
        return frames.flatMap(imagesOfFrame);
      });
    },

    /** Deletes one frame; the frames after it move up and the row's frame count follows. */
    async deleteFrame(actor: Actor, contentId: string, frameId: string): Promise<ExteriorAnswer> {
      return edit(actor, contentId, 'EXTERIOR.UPDATE', async (trx) => {
        const repo = exteriorRepo(trx);
        const frame = await repo.frame(contentId, frameId);
        if (!frame) throw new AppError('not_found');
        await repo.deleteFrames([frame.id]);
        await repo.renumberFrames(frame.group_id);
        return imagesOfFrame(frame);
      });
    },

    /** The whole exterior: every row and frame, and the exterior settings (initial angle and row). */
    async deleteAll(actor: Actor, contentId: string): Promise<ExteriorAnswer> {
      return edit(actor, contentId, 'EXTERIOR.DELETE', async (trx) => {
        const repo = exteriorRepo(trx);
        const frames = await repo.frames(contentId);
        await repo.deleteAll(contentId);
        return frames.flatMap(imagesOfFrame);
      });
    },

    /**
     * `DELETE .../replace-image`: the frame shows its extracted image again, whatever its edit (a replacement, or
     * a blur of this one frame: the console offers one "show the original" per frame); a frame without an edit is
     * refused.
     */
    async restoreImage(actor: Actor, contentId: string, frameId: string): Promise<ExteriorAnswer> {
      return edit(actor, contentId, 'EXTERIOR.REPLACE_IMAGE', async (trx) => {
        const repo = exteriorRepo(trx);
        const frame = await repo.frame(contentId, frameId);
        if (!frame) throw new AppError('not_found');
        if (!frame.edited) throw new AppError('invalid_state_transition', { params: { reason: 'not_edited' } });
        await repo.setEdited(frame.id, null);
        return [frame.edited];
      });
    },

    /** The angle the spin opens on. */
    async setInitialAngle(actor: Actor, contentId: string, body: ExteriorInitialAngleBody): Promise<ExteriorAnswer> {
      return edit(actor, contentId, 'EXTERIOR.UPDATE', async (trx) => {
        await exteriorRepo(trx).saveSettings(contentId, { initial_angle: body.angle });
        return undefined;
      });
    },

    /** The row the spin opens on: one of the vehicle's rows (field error on `row` otherwise). */
    async setInitialRow(actor: Actor, contentId: string, row: number): Promise<ExteriorAnswer> {
      return edit(actor, contentId, 'EXTERIOR.UPDATE_INITIAL_ROW', async (trx) => {
        const repo = exteriorRepo(trx);
        const rows = (await repo.groups(contentId)).length;
        if (row > rows) {
          throw new AppError('validation_failed', {
            fields: [
              fieldError(
                'row',
                'range',
                rows === 0 ? 'The vehicle has no exterior rows yet.' : `Choose a row from 1 to ${rows}.`,
              ),
            ],
          });
        }
        await repo.saveSettings(contentId, { initial_row: row });
        return undefined;
      });
    },
  };
}

export type ExteriorService = ReturnType<typeof exteriorService>;
