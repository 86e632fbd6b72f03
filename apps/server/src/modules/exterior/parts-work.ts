import type { Locale } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { FRONT_ANALYSIS_WIDTH } from '../../platform/ai/front-detection.ts';
import { detectRowParts, type ExteriorPart, type RowParts } from '../../platform/ai/parts-detector.ts';
import { plateAnchor } from '../../platform/ai/parts-plate.ts';
import { PARTS_ANALYSIS_WIDTH } from '../../platform/ai/parts-wheels.ts';
import type { Media } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { type ProposedHotspot, storeExteriorProposals } from '../hotspots/proposals.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { type ExteriorFrameRow, exteriorRepo } from './repo.ts';

/**
 * The `exterior_autodetect_annotation` process with the AI detection type "parts" (docs/decisions.md, "Automatic
 * annotation"): every spin row's frames are read at 320 px (and 128 px for the front), the wheels and headlights are
 * found and tracked (platform/ai/parts-detector.ts), and the tracks are stored as proposals the dealer accepts or
 * rejects (hotspots/proposals.ts), in place of the proposals still waiting. A row edited meanwhile (frames added,
 * deleted, reordered) gets none: its tracks no longer match its frames. Nothing found on any row fails the process
 * with `parts_not_found`, saying so, instead of succeeding silently.
 */

/** The proposals' titles in the language of the dealer who asked (the console's); edited like any hotspot's. */
export const PART_TITLES: Record<Locale, Record<ExteriorPart, string>> = {
  ja: { wheel: 'ホイール', headlight: 'ヘッドライト', mirror: 'ドアミラー' },
  en: { wheel: 'Wheel', headlight: 'Headlight', mirror: 'Side mirror' },
  fr: { wheel: 'Roue', headlight: 'Phare', mirror: 'Rétroviseur' },
  pt: { wheel: 'Roda', headlight: 'Farol', mirror: 'Retrovisor' },
};

/** The frame as shown (its edit, else the extracted one) at display size: wide enough for the wheel search. */
function displayKey(frame: ExteriorFrameRow): string {
  const image = frame.edited ?? frame.original;
  return image.renditions.display?.jpeg ?? image.master;
}

/** What the request stored: one spin row, or every one when absent. */
export interface PartsPayload {
  group_id?: string;
  /** Absent in jobs queued before titles followed the dealer's language: Japanese, as they were. */
  lang?: Locale;
}

export interface PartsWorkDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

export function partsDetectionWork(deps: PartsWorkDeps) {
  const { db, store, media } = deps;
  const read = async (frame: ExteriorFrameRow): Promise<Buffer> => {
    const data = await readBlob(store, displayKey(frame));
    if (!data) throw new ProcessRefused('image_load_error', 'A frame of the spin is missing from the store.');
    return data;
  };
  return async (run: ProcessWork): Promise<RowParts[]> => {
    const repo = exteriorRepo(db);
    const { group_id: only, lang = 'ja' } = run.payload as PartsPayload;
    const rows = (await repo.groups(run.contentId)).filter((g) => !g.is_temp && (only === undefined || g.id === only));
    const frames = await repo.frames(run.contentId);
    const total = Math.max(1, frames.length);
    let done = 0;
    const found: { groupId: string; frameIds: string[]; result: RowParts }[] = [];
    for (const row of rows) {
      const ofRow = frames.filter((f) => f.group_id === row.id);
      const wide = [];
      const small = [];
      for (const frame of ofRow) {
        const data = await read(frame);
        wide.push(await media.analysisImage(data, PARTS_ANALYSIS_WIDTH));
        small.push(await media.analysisImage(data, FRONT_ANALYSIS_WIDTH));
        done++;
        await run.progress(5 + (80 * done) / total);
      }
      const plateOf = async (index: number) => {
        const frame = ofRow[index];
        return frame ? plateAnchor(media, await read(frame)) : null;
      };
      const result = await detectRowParts({ frames: wide, small, plateOf });
      found.push({ groupId: row.id, frameIds: ofRow.map((f) => f.id), result });
    }
    if (found.every((r) => r.result.proposals.length === 0)) {
      throw new ProcessRefused(
        'parts_not_found',
        'No wheel, headlight or side mirror could be told apart on these frames; nothing was proposed.',
        { rows: found.length },
      );
    }
    await run.progress(90);
    await db.transaction().execute(async (trx) => {
      const locked = exteriorRepo(trx);
      await locked.lockRows(run.contentId);
      const proposals: ProposedHotspot[] = [];
      for (const r of found) {
        // Frames added, deleted or reordered meanwhile: the tracks no longer stand on the row's frames.
        if ((await locked.framesOf(r.groupId)).map((f) => f.id).join() !== r.frameIds.join()) continue;
        for (const p of r.result.proposals) {
          proposals.push({ groupId: r.groupId, title: PART_TITLES[lang][p.part], keyFrames: p.keyFrames });
        }
      }
      await storeExteriorProposals(
        trx,
        run.contentId,
        found.map((r) => r.groupId),
        proposals,
      );
    });
    return found.map((r) => r.result);
  };
}
