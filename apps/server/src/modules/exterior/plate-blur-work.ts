import { BLUR_LIMITS } from '@spinyard/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { PlateDetector } from '../../platform/ai/plate-detector.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { type BlurGroupRow, blurRepo, type SavedBlurSettings } from './blur-repo.ts';
import { type BlurPayload, type RenderedRow, refreshThumbnail, renderRow, showRow } from './blur-work.ts';
import { trackPlates } from './plate-tracks.ts';

/**
 * The automatic plate blur (issue 23, point 1): the `blur` process started after a spin is made when the domain's
 * blur option is on (plate-blur-start.ts), its payload `{ auto: 'plates' }`. For every row of the spin that has no
 * blur settings yet (a row just made: the dealer's rows and rows already done keep theirs), the plates are found on
 * each frame's original (platform/ai, the PlateDetector port), joined across the frames into the blur editor's
 * regions (plate-tracks.ts), saved as the row's settings, and rendered as an apply would. The dealer then opens
 * the blur editor on regions like any drawn by hand: moves a box, adds a key frame, deletes a false find, applies
 * again or undoes. Readings (docs/decisions.md, "Plate blur"):
 * - A row where no plate is found still gets settings (no region): it is done, and the editor says no plate was
 *   found rather than nothing at all.
 * - Rows made while it ran (a second video finishing) are taken up by the same process before it ends.
 * - Progress: finding plates is most of the work (0..70 %), rendering the blurred frames the rest.
 * - The detector reads each original once; a retry starts over and finds the same plates (the models are
 *   deterministic), so it writes the same regions and the same content-addressed blurred frames.
 */

export const plateBlurPayload = z.object({ auto: z.literal('plates') });

/** Whether a blur process's payload is the automatic plate blur's. */
export const isPlateBlur = (payload: Record<string, unknown>): boolean => plateBlurPayload.safeParse(payload).success;

export interface PlateBlurDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  plates: PlateDetector;
}

/** Rounds of "rows made meanwhile": a spin has at most a few rows, and each round is a whole detection. */
const MAX_ROUNDS = 5;
const FIND_SHARE = 70;
const RENDER_SHARE = 25;

/** The settings the automatic blur saves: the default strength, plates blurred inside their regions. */
export function plateSettings(regions: SavedBlurSettings['regions'], now: Date): SavedBlurSettings {
  return {
    blur_target: 'regions',
    blur_str: BLUR_LIMITS.defaultStrength,
    bg_color: null,
    regions,
    saved_at: now.toISOString(),
  };
}

/** The rows of the spin (not temp) that have no blur settings: the ones the automatic blur takes. */
export async function rowsWithoutBlur(db: Db, contentId: string, skip: ReadonlySet<string> = new Set()) {
  const repo = blurRepo(db);
  const [groups, settings] = await Promise.all([repo.groups(contentId), repo.settings(contentId)]);
  return groups.filter((g) => !g.is_temp && !settings.has(g.id) && !skip.has(g.id));
}

export function plateBlurWork(deps: PlateBlurDeps) {
  const { db, store, plates } = deps;

  async function findOnRow(run: ProcessWork, group: BlurGroupRow, step: (frames: number) => Promise<void>) {
    const frames = await blurRepo(db).frames(run.contentId, group.id);
    const found = [];
    for (const frame of frames) {
      run.signal.throwIfAborted();
      const source = await readBlob(store, frame.original.master);
      if (!source) throw new ProcessRefused('not_found', `The original of frame ${frame.frame_order} is missing.`);
      found.push(await plates.detect(source));
      await step(1);
    }
    return { frames, regions: trackPlates(found) };
  }

  return async (run: ProcessWork): Promise<void> => {
    const done = new Set<string>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const rows = await rowsWithoutBlur(db, run.contentId, done);
      if (rows.length === 0) return;
      const total = rows.reduce((s, g) => s + g.frame_count, 0);
      let seen = 0;
      // Every row's plates first, then every row's render: the progress only goes up.
      const found = [];
      for (const group of rows) {
        const { frames, regions } = await findOnRow(run, group, async (count) => {
          seen += count;
          await run.progress((seen / Math.max(1, total)) * FIND_SHARE);
        });
        found.push({ group, frames, settings: plateSettings(regions, new Date()) });
        done.add(group.id);
      }
      const made: { group: BlurGroupRow; settings: SavedBlurSettings; row: RenderedRow }[] = [];
      for (const { group, frames, settings } of found) {
        const payload: BlurPayload = { group_id: group.id, ...settings };
        const row = await renderRow(deps, run.contentId, payload, frames, (n, of) =>
          run.progress(FIND_SHARE + (RENDER_SHARE * (made.length + n / Math.max(1, of))) / found.length),
        );
        made.push({ group, settings, row });
      }
      await db.transaction().execute(async (trx) => {
        const repo = blurRepo(trx);
        const live = (await repo.groups(run.contentId)).map((g) => g.id);
        const saved = await repo.settings(run.contentId);
        for (const { group, settings, row } of made) {
          // A row the dealer blurred meanwhile, or one deleted, is theirs: nothing of this run goes on it.
          if (!live.includes(group.id) || saved.has(group.id)) continue;
          await repo.saveSettings(run.contentId, group.id, settings, live);
          await showRow(trx, group.id, row);
        }
        await refreshThumbnail(trx, run.contentId);
      });
    }
  };
}
