import { autoEnhance, measurePicture } from '../../platform/ai/auto-enhance.ts';
import { readBlob } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { interiorRepo } from './repo.ts';
import { type InteriorWorkDeps, runInteriorEdit } from './work.ts';

/** Width the panoramas are measured at: the whole cabin's light and colour, not its detail. */
const MEASURE_WIDTH = 256;

/**
 * The `color` process (docs/decisions.md "AI options"): every scene's original is measured and, where it needs it,
 * given the image-quality tool's settings and white balance chosen by platform/ai/auto-enhance.ts, rendered as the
 * tool renders them (work.ts). The choice is stored on the scene like the dealer's own, so the tool opens on it and
 * the dealer changes or undoes it before publishing. A scene that measures well is left alone; a scene deleted
 * meanwhile is skipped.
 */
export function autoColorWork(deps: InteriorWorkDeps & { afterColor?: (run: ProcessWork) => Promise<unknown> }) {
  return async (run: ProcessWork): Promise<void> => {
    const scenes = await interiorRepo(deps.db).scenes(run.contentId);
    for (const [k, scene] of scenes.entries()) {
      const from = 5 + (90 * k) / Math.max(1, scenes.length);
      const share = 90 / Math.max(1, scenes.length);
      const preview = scene.original.renditions.preview ?? scene.original.renditions.thumbnail;
      const data = await readBlob(deps.store, preview?.jpeg ?? scene.original.master);
      if (!data) throw new ProcessRefused('image_load_error', 'A panorama is missing from the store.');
      const chosen = autoEnhance(measurePicture(await deps.media.analysisImage(data, MEASURE_WIDTH)));
      await run.progress(from + share * 0.1);
      if (!chosen.settings && !chosen.whiteBalance) continue;
      const payload: Record<string, unknown> = { scene_id: scene.id };
      if (chosen.settings) payload.settings = chosen.settings;
      if (chosen.whiteBalance) payload.white_balance = chosen.whiteBalance;
      try {
        await runInteriorEdit(deps, {
          ...run,
          payload,
          progress: (value) => run.progress(from + (share * value) / 100),
        });
      } catch (error) {
        if (!(error instanceof ProcessRefused && error.code === 'not_found')) throw error;
      }
    }
    // What follows (the automatic category images, jobs.ts), once the pictures they are cut from are final.
    await deps.afterColor?.(run);
  };
}
