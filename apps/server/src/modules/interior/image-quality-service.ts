import {
  DEFAULT_ENHANCE_SETTINGS,
  type EnhanceAnswer,
  type EnhanceSettings,
  enhanceChangesPixels,
  enhanceSettingsSchema,
  INTERIOR_FULL_MAX,
  INTERIOR_RENDITION_WIDTHS,
  type InteriorProcessAnswer,
  type InteriorSceneAnswer,
  type WhiteBalance,
  whiteBalanceSchema,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { readBlob } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { toProcessAnswer } from '../processes/answer.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { mediaUrlOf } from '../vehicle-media/images.ts';
import { panoramaKeys } from '../vehicle-media/panoramas.ts';
import { adjustmentsOf, sceneAnswer } from './panorama.ts';
import { interiorRepo } from './repo.ts';
import { assertNoEditRunning, cleanUpScenes, enhancementEnabled, sceneOr404 } from './scene-access.ts';
import type { InteriorServiceDeps } from './service.ts';
import { type InteriorEditProcess, runInteriorEdit } from './work.ts';

/**
 * The image-quality tool (its settings, live preview, apply, undo) and the white balance of a scene: the edits run
 * as background processes rendering from the kept original, one at a time per vehicle.
 */
export function interiorImageQuality(deps: InteriorServiceDeps) {
  const { db, store, media } = deps;
  const cleanUp = (trx: Db, contentId: string, keys: readonly string[]) => cleanUpScenes(trx, store, contentId, keys);

  /**
   * Without a job runner (tests, a node without workers) the process runs here, once its row is committed; the
   * answer still names the process as it was started (its end reaches the console like any other: the socket, a read).
   */
  async function runInline(process: InteriorEditProcess, row: ContentProcessRow): Promise<void> {
    if (deps.jobs) return;
    await runProcessJob(db, process, row.id, (run) => runInteriorEdit({ db, store, media }, run), {
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
