import {
  type EnhanceSettings,
  enhanceChangesPixels,
  enhanceSettingsSchema,
  type WhiteBalance,
  whiteBalanceChangesPixels,
  whiteBalanceSchema,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { panoramaKeys, storePanorama } from '../vehicle-media/panoramas.ts';
import { adjustmentsOf, deleteUnreferenced, interiorPrefix, panoramaSpec } from './panorama.ts';
import { interiorRepo } from './repo.ts';

/** The image-quality processes of a scene: which settings the request changed (`color`: both, chosen by measure). */
export type InteriorEditProcess = 'interior_enhance' | 'whiteblance';

export interface InteriorWorkDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

/**
 * The `interior_enhance` and `whiteblance` processes, and each scene of `color` (auto-color.ts): the scene's ORIGINAL
 * is rendered again through the white balance and then the image-quality corrections (the payload's settings, the
 * scene's kept ones for what the payload does not give), with every size and tile, into `current`. Settings that
 * change no pixel leave `current` empty (the original shows). The original is never written. Idempotent: the outputs are content-addressed and the
 * row is written once at the end, in one transaction; the picture it replaces is deleted when no scene uses it.
 */
export async function runInteriorEdit(deps: InteriorWorkDeps, run: ProcessWork): Promise<void> {
  const sceneId = String(run.payload.scene_id ?? '');
  const scene = await interiorRepo(deps.db).scene(run.contentId, sceneId);
  if (!scene) throw new ProcessRefused('not_found', 'The scene was deleted before its picture was edited.');

  // What the process was given wins; the other tool's settings stay as the scene keeps them.
  const enhance: EnhanceSettings | null =
    run.payload.settings !== undefined
      ? enhanceSettingsSchema.parse(run.payload.settings)
      : scene.enhance
        ? enhanceSettingsSchema.parse(scene.enhance)
        : null;
  const whiteBalance: WhiteBalance | null =
    run.payload.white_balance !== undefined
      ? whiteBalanceSchema.parse(run.payload.white_balance)
      : scene.white_balance
        ? whiteBalanceSchema.parse(scene.white_balance)
        : null;
  const keptEnhance = enhance && (enhanceChangesPixels(enhance) || enhance.jpeg_quality !== 90) ? enhance : null;
  const keptWhiteBalance = whiteBalance && whiteBalanceChangesPixels(whiteBalance) ? whiteBalance : null;
  await run.progress(5);

  let current: StoredImage | null = null;
  if (keptEnhance || keptWhiteBalance) {
    const original = await readBlob(deps.store, scene.original.master);
    if (!original) throw new ProcessRefused('image_load_error', 'The original panorama is missing from the store.');
    await run.progress(10);
    // Decoded when no other panorama is (platform/media/decode-slots.ts).
    const rendered = await deps.media.renderPanorama(
      original,
      panoramaSpec(keptEnhance?.jpeg_quality),
      adjustmentsOf(keptEnhance, keptWhiteBalance, scene.original),
    );
    await run.progress(60);
    current = await storePanorama(deps.store, interiorPrefix(run.contentId), rendered, (done, total) =>
      run.progress(60 + (35 * done) / total),
    );
  }

  // The result is stored and written under the vehicle's file lock, and the picture it replaces deleted there when no
  // scene uses it; a scene deleted meanwhile leaves what was made for it to be deleted the same way.
  const found = await deps.db.transaction().execute(async (trx) => {
    const repo = interiorRepo(trx);
    await repo.lockFiles(run.contentId);
    const locked = await repo.lockScene(run.contentId, sceneId);
    if (locked) {
      await repo.setCurrent(sceneId, {
        current,
        enhance: enhance as Record<string, unknown> | null,
        white_balance: whiteBalance as Record<string, unknown> | null,
      });
    }
    const dropped = locked ? locked.current : current;
    if (dropped) await deleteUnreferenced(deps.store, panoramaKeys(dropped), await repo.scenes(run.contentId));
    return locked !== undefined;
  });
  if (!found) throw new ProcessRefused('not_found', 'The scene was deleted before its picture was edited.');
}
