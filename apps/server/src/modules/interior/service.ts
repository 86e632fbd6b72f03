import {
  DEFAULT_ENHANCE_SETTINGS,
  type EnhanceAnswer,
  type EnhanceSettings,
  enhanceChangesPixels,
  enhanceSettingsSchema,
  INTERIOR_FULL_MAX,
  INTERIOR_MAX,
  INTERIOR_MAX_BYTES,
  INTERIOR_MAX_SCENES,
  INTERIOR_MIN,
  INTERIOR_RENDITION_WIDTHS,
  type InteriorAnswer,
  type InteriorOrderBody,
  type InteriorProcessAnswer,
  type InteriorSceneAnswer,
  type InteriorSceneUpdateBody,
  MAX_ZOOM_POINTS_PER_PANORAMA,
  panoramaRefusal,
  type RunningProcess,
  readDomainOptions,
  type WhiteBalance,
  whiteBalanceSchema,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { JobDefinition, JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, setMediaFlags, visibleForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import type { ContentProcessRow, ContentRecord } from '../contents/repo.ts';
import { toProcessAnswer } from '../processes/answer.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { mediaUrlOf } from '../vehicle-media/images.ts';
import { panoramaKeys, storePanorama } from '../vehicle-media/panoramas.ts';
import { adjustmentsOf, deleteUnreferenced, interiorPrefix, panoramaSpec, sceneAnswer } from './panorama.ts';
import { type InteriorSceneRow, interiorRepo } from './repo.ts';
import { type InteriorEditProcess, runInteriorEdit, withRenderSlot } from './work.ts';

/** The interior's image edits rewrite the same picture: one at a time per vehicle (docs/decisions.md, interior). */
const EDIT_PROCESSES: readonly RunningProcess[] = ['interior_enhance', 'whiteblance'];

export interface InteriorServiceDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  jobs: JobRunner | undefined;
  processJobs: Record<InteriorEditProcess, JobDefinition<ProcessJobPayload>>;
}

const enhancementEnabled = (content: ContentRecord): boolean =>
  readDomainOptions(content.domain_options).interior_enhancement;

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
  const { db, store, media } = deps;

  async function processesOf(actor: Actor, contentId: string) {
    return (await processQueryService(db).isProcessing(actor, contentId)).processes;
  }

  async function sceneOr404(trx: Db, contentId: string, sceneId: string): Promise<InteriorSceneRow> {
    const scene = await interiorRepo(trx).scene(contentId, sceneId);
    if (!scene) throw new AppError('not_found');
    return scene;
  }

  /** Another image edit of this vehicle running: refused as the lock rules refuse (content_locked naming it). */
  async function assertNoEditRunning(trx: Db, actor: Actor, contentId: string): Promise<void> {
    const { processes } = await processQueryService(trx).isProcessing(actor, contentId);
    const editing = processes.find((p) => EDIT_PROCESSES.includes(p.process as RunningProcess));
    if (editing) throw new AppError('content_locked', { params: { process: editing.process } });
  }

  /**
   * Deletes the files among `keys` no scene of the vehicle uses, in the caller's transaction after its change and
   * under the vehicle's file lock, so an upload storing the same picture at the same time cannot lose its files.
   */
  async function cleanUp(trx: Db, contentId: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await interiorRepo(trx).lockFiles(contentId);
    await deleteUnreferenced(store, keys, await interiorRepo(trx).scenes(contentId));
  }

  /**
   * Without a job runner (tests, a node without workers) the process runs here, once its row is committed; the
   * answer still names the process as it was started (its end reaches the console like any other: the socket, a read).
   */
  async function runInline(process: InteriorEditProcess, row: ContentProcessRow): Promise<void> {
    if (deps.jobs) return;
    await runProcessJob(db, process, row.id, (run) => runInteriorEdit({ db, store, media }, process, run), {
      lastAttempt: true,
    });
  }

  async function startEdit(
    actor: Actor,
    contentId: string,
    sceneId: string,
    process: InteriorEditProcess,
    payload: Record<string, unknown>,
  ): Promise<InteriorProcessAnswer> {
    const row = await db.transaction().execute(async (trx) => {
      const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.ENHANCE_IMAGE_QUALITY');
      if (process === 'interior_enhance' && !enhancementEnabled(content)) {
        throw new AppError('forbidden', {
          message: 'The image-quality tool is turned off for this domain (its interior enhancement option).',
          params: { reason: 'interior_enhancement_off' },
        });
      }
      await sceneOr404(trx, content.id, sceneId);
      await assertNoEditRunning(trx, actor, content.id);
      return startProcessJob(trx, deps.jobs, deps.processJobs[process], {
        contentId: content.id,
        process,
        actorUserId: actor.userId,
        payload: { scene_id: sceneId, ...payload },
      });
    });
    await runInline(process, row);
    const started = toProcessAnswer(row);
    if (!started) throw new Error('The process has no answer.');
    return { process: started, scene: sceneAnswer(await sceneOr404(db, row.content_id, sceneId)) };
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
      if (refusal) throw new AppError(refusal.code, { message: refusal.message, params: refusal.params });

      const rendered = await withRenderSlot(() => media.renderPanorama(file.path, panoramaSpec()));
      let original: StoredImage | undefined;
      try {
        const row = await db.transaction().execute(async (trx) => {
          await gate(trx);
          // The files are stored under the vehicle's file lock, before the row that points to them.
          await interiorRepo(trx).lockFiles(content.id);
          original = await storePanorama(store, interiorPrefix(content.id), rendered);
          const inserted = await interiorRepo(trx).insert({ contentId: content.id, title, original });
          await setMediaFlags(trx, content.id, { has_interior: true });
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

    async enhanceSettings(actor: Actor, contentId: string, sceneId: string): Promise<EnhanceAnswer> {
      const content = await visibleForMedia(db, actor, contentId);
      const scene = await sceneOr404(db, content.id, sceneId);
      const stored = scene.enhance ? enhanceSettingsSchema.safeParse(scene.enhance) : null;
      const shown = scene.current ?? scene.original;
      const previewOf = (image: StoredImage) => {
        const r = image.renditions.preview ?? Object.values(image.renditions)[0];
        return r ? mediaUrlOf(r.jpeg) : mediaUrlOf(image.master);
      };
      return {
        enabled: enhancementEnabled(content),
        settings: stored?.success ? stored.data : DEFAULT_ENHANCE_SETTINGS,
        applied: stored?.success === true,
        white_balance: scene.white_balance ? (whiteBalanceSchema.parse(scene.white_balance) as WhiteBalance) : null,
        before: previewOf(scene.original),
        after: previewOf(shown),
        preview_path: `/interior/${content.id}/scenes/${scene.id}/enhance/preview`,
        original_width: scene.original.width,
        original_height: scene.original.height,
      };
    },

    /**
     * The corrections on the original's preview size (1024 wide), with the white balance the sliders show (else the
     * scene's own), as a JPEG that is not stored: the "after" of the tool's before-and-after while the sliders move.
     * With the domain's option off, only the corrections are refused: the white balance is offered without the
     * option, so its preview is too.
     */
    async enhancePreview(
      actor: Actor,
      contentId: string,
      sceneId: string,
      settings: EnhanceSettings,
      asked: WhiteBalance | null,
    ): Promise<Buffer> {
      const content = await visibleForMedia(db, actor, contentId);
      if (!enhancementEnabled(content) && enhanceChangesPixels(settings)) {
        throw new AppError('forbidden', { params: { reason: 'interior_enhancement_off' } });
      }
      const scene = await sceneOr404(db, content.id, sceneId);
      const source = scene.original.renditions.preview ?? scene.original.renditions.mobile;
      const data = await readBlob(store, source ? source.jpeg : scene.original.master);
      if (!data) throw new AppError('image_load_error');
      const whiteBalance = asked ?? (scene.white_balance ? whiteBalanceSchema.parse(scene.white_balance) : null);
      return media.previewPanorama(
        data,
        {
          maxInputPixels: INTERIOR_FULL_MAX.width * INTERIOR_FULL_MAX.height,
          width: INTERIOR_RENDITION_WIDTHS.preview,
          quality: settings.jpeg_quality,
        },
        adjustmentsOf(settings, whiteBalance, scene.original),
      );
    },

    enhance: (actor: Actor, contentId: string, sceneId: string, settings: EnhanceSettings) =>
      startEdit(actor, contentId, sceneId, 'interior_enhance', { settings }),

    adjust: (actor: Actor, contentId: string, sceneId: string, whiteBalance: WhiteBalance) =>
      startEdit(actor, contentId, sceneId, 'whiteblance', { white_balance: whiteBalance }),

    /** Back to the original: the edited picture and both tools' settings dropped (the original was never changed). */
    async undo(actor: Actor, contentId: string, sceneId: string): Promise<InteriorSceneAnswer> {
      const scene = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.ENHANCE_IMAGE_QUALITY');
        const found = await sceneOr404(trx, content.id, sceneId);
        await assertNoEditRunning(trx, actor, content.id);
        await interiorRepo(trx).setCurrent(found.id, { current: null, enhance: null, white_balance: null });
        if (found.current) await cleanUp(trx, content.id, panoramaKeys(found.current));
        return sceneOr404(trx, content.id, found.id);
      });
      return sceneAnswer(scene);
    },
  };
}
export type InteriorService = ReturnType<typeof interiorService>;
