import {
  INTERIOR_MAX,
  INTERIOR_MAX_BYTES,
  INTERIOR_MAX_SCENES,
  INTERIOR_MIN,
  type InteriorAnswer,
  type InteriorOrderBody,
  type InteriorSceneAnswer,
  type InteriorSceneUpdateBody,
  MAX_ZOOM_POINTS_PER_PANORAMA,
  panoramaRefusal,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import { aiOptionsForDomain } from '../../platform/ai/availability.ts';
import type { JobDefinition, JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, setMediaFlags, visibleForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import type { ContentRecord } from '../contents/repo.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { decodedOrRefused, fileRefusal } from '../vehicle-media/image-refusals.ts';
import { panoramaKeys, storePanorama } from '../vehicle-media/panoramas.ts';
import { interiorAsyncUpload } from './async-upload.ts';
import { interiorAutoColor } from './auto-color-service.ts';
import { interiorDetect } from './detect.ts';
import { interiorImageQuality } from './image-quality-service.ts';
import { afterNewScene } from './jobs.ts';
import { interiorPrefix, panoramaSpec, sceneAnswer } from './panorama.ts';
import { interiorRepo } from './repo.ts';
import { cleanUpScenes, enhancementEnabled, sceneOr404 } from './scene-access.ts';
import type { InteriorEditProcess } from './work.ts';

export interface InteriorServiceDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  jobs: JobRunner | undefined;
  processJobs: Record<InteriorEditProcess, JobDefinition<ProcessJobPayload>>;
}

function fieldError(field: string, rule: string, message: string): AppError {
  return new AppError('validation_failed', { fields: [{ field, rule, message } as never] });
}

/**
 * Interior panoramas of a vehicle: upload (checked by content and rendered with every size and tile), list, order,
 * delete, title, initial view and zoom points; the image-quality tool (enhance, its live preview, undo) and the
 * white balance as background processes. Every change passes lockForMedia (visibility, deletion, listing link, the
 * lock rules) with its INTERIOR operation; reads pass visibleForMedia.
 */
export function interiorService(deps: InteriorServiceDeps) {
  return {
    ...interiorScenes(deps),
    ...interiorImageQuality(deps),
    ...interiorAutoColor(deps),
    ...interiorDetect(deps),
    ...interiorAsyncUpload(deps),
  };
}

/** The scenes: list, upload, order, delete, title and views. */
function interiorScenes(deps: InteriorServiceDeps) {
  const { db, store, media } = deps;
  const cleanUp = (trx: Db, contentId: string, keys: readonly string[]) => cleanUpScenes(trx, store, contentId, keys);

  async function processesOf(actor: Actor, contentId: string) {
    return (await processQueryService(db).isProcessing(actor, contentId)).processes;
  }

  return {
    async list(actor: Actor, contentId: string): Promise<InteriorAnswer> {
      const content = await visibleForMedia(db, actor, contentId);
      const scenes = await interiorRepo(db).scenes(content.id);
      return {
        content_id: content.id,
        scenes: scenes.map(sceneAnswer),
        settings: {
          max_scenes: INTERIOR_MAX_SCENES,
          max_bytes: INTERIOR_MAX_BYTES,
          min_width: INTERIOR_MIN.width,
          max_width: INTERIOR_MAX.width,
          max_height: INTERIOR_MAX.height,
          max_zoom_points: MAX_ZOOM_POINTS_PER_PANORAMA,
          enhancement_enabled: enhancementEnabled(content),
        },
        ai_options: aiOptionsForDomain(content.domain_options),
        processes: await processesOf(actor, content.id),
      };
    },

    /**
     * A new scene from an uploaded file. Order of refusals: the vehicle and the lock (404, 409), the scene limit
     * (upload_over_limit), then the file by its content (format, size bounds, 2:1), all before any pixel is decoded.
     * The render (every size and tile) runs outside the transaction; the row is written after, in a second one
     * that checks the gate and the limit again, and the blobs are deleted if that fails.
     */
    async upload(actor: Actor, contentId: string, file: ReceivedFile, title: string): Promise<InteriorSceneAnswer> {
      const gate = async (trx: Db): Promise<ContentRecord> => {
        const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.UPLOAD');
        const count = await interiorRepo(trx).count(content.id);
        if (count >= INTERIOR_MAX_SCENES) {
          throw new AppError('upload_over_limit', {
            message: `A vehicle may have at most ${INTERIOR_MAX_SCENES} panoramas.`,
            params: { limit: INTERIOR_MAX_SCENES },
          });
        }
        return content;
      };
      const content = await db.transaction().execute(gate);
      const measured = await media.measurePanorama(file.path);
      const refusal = panoramaRefusal(measured);
      if (refusal) throw fileRefusal(refusal);

      // One panorama decoded at a time in the process (platform/media/decode-slots.ts); a file cut short is 422.
      const rendered = await decodedOrRefused(media.renderPanorama(file.path, panoramaSpec()));
      let original: StoredImage | undefined;
      try {
        const row = await db.transaction().execute(async (trx) => {
          await gate(trx);
          // The files are stored under the vehicle's file lock, before the row that points to them.
          await interiorRepo(trx).lockFiles(content.id);
          original = await storePanorama(store, interiorPrefix(content.id), rendered);
          const inserted = await interiorRepo(trx).insert({ contentId: content.id, title, original });
          await setMediaFlags(trx, content.id, { has_interior: true });
          // With workers, what follows a new scene is queued with it (without, nothing would ever run it).
          if (deps.jobs) await afterNewScene(trx, deps.jobs, content, actor.userId);
          return inserted;
        });
        return sceneAnswer(row);
      } catch (error) {
        const stored = original;
        if (stored) await db.transaction().execute((trx) => cleanUp(trx, content.id, panoramaKeys(stored)));
        throw error;
      }
    },

    async order(actor: Actor, body: InteriorOrderBody): Promise<InteriorAnswer> {
      const contentId = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, body.content_id, 'INTERIOR.REORDER');
        const scenes = await interiorRepo(trx).scenes(content.id);
        const given = new Set(body.scene_ids);
        if (
          given.size !== body.scene_ids.length ||
          given.size !== scenes.length ||
          scenes.some((s) => !given.has(s.id))
        ) {
          throw fieldError('scene_ids', 'one_of', 'Give every scene of the vehicle once, in the new order.');
        }
        await interiorRepo(trx).reorder(content.id, body.scene_ids);
        return content.id;
      });
      return this.list(actor, contentId);
    },

    async remove(actor: Actor, contentId: string, sceneId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.DELETE');
        const scene = await sceneOr404(trx, content.id, sceneId);
        await interiorRepo(trx).delete(content.id, scene.id);
        if ((await interiorRepo(trx).count(content.id)) === 0) {
          await setMediaFlags(trx, content.id, { has_interior: false });
        }
        await cleanUp(trx, content.id, [
          ...panoramaKeys(scene.original),
          ...(scene.current ? panoramaKeys(scene.current) : []),
        ]);
      });
    },

    async update(
      actor: Actor,
      contentId: string,
      sceneId: string,
      body: InteriorSceneUpdateBody,
    ): Promise<InteriorSceneAnswer> {
      return db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.UPDATE');
        const scene = await sceneOr404(trx, content.id, sceneId);
        await interiorRepo(trx).update(scene.id, body);
        return sceneAnswer(await sceneOr404(trx, content.id, scene.id));
      });
    },
  };
}
export type InteriorService = ReturnType<typeof interiorService>;
