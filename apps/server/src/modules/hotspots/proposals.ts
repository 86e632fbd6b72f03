import type { HotspotListAnswer } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { hotspotKeys } from './answer.ts';
import { hotspotsRepo } from './repo.ts';
import { annotateOperation, deleteUnreferenced, type HotspotKind, hotspotListOf } from './service.ts';

/**
 * Automatic annotation's proposals (docs/decisions.md, "Automatic annotation"): hotspots of type `auto_detect` with
 * `proposed` set, written by the detection's process (`storeExteriorProposals`, called by the exterior's work in
 * its transaction) and accepted or rejected by the dealer, one by one or all at once. A proposal is never published
 * nor copied; accepted, it is an ordinary hotspot (still not counted against the domain's manual maximum).
 */

/** The refusal of a detection nothing here can do, its reason named for the dealer's message. */
export const detectorUnavailable = (reason: 'damage' | 'interior_parts') =>
  new AppError('ai_detector_unavailable', {
    params: { reason },
    message:
      reason === 'damage'
        ? 'Nothing was proposed: the only method on this server (each side of the car against its mirror image) cannot tell a scratch or a dent from a part only one side has (fuel cap, badge, wiper) or a reflection. Mark damage yourself.'
        : 'Nothing was proposed: nothing on this server finds cabin parts (dashboard, seats) in a panorama. Add the hotspots yourself.',
  });

export interface ProposedHotspot {
  groupId: string;
  title: string;
  keyFrames: { frame: number; x: number; y: number }[];
}

/**
 * A new detection's proposals on the rows it read (`groupIds`) in place of the ones still waiting there (accepted
 * ones stay, other rows' stay): a run again replaces what the dealer has not decided on, never what they accepted.
 */
export async function storeExteriorProposals(
  trx: Db,
  contentId: string,
  groupIds: readonly string[],
  found: readonly ProposedHotspot[],
) {
  const repo = hotspotsRepo(trx);
  if (groupIds.length > 0) await repo.deleteProposals(contentId, 'exterior', null, groupIds);
  for (const p of found) {
    await repo.insert({
      content_id: contentId,
      kind: 'exterior',
      group_id: p.groupId,
      key_frames: JSON.stringify(p.keyFrames),
      type: 'auto_detect',
      icon_type: 'standard',
      title: p.title,
      body: '',
      category: 'feature',
      files: '{}',
      proposed: true,
    });
  }
}

export function hotspotProposals({ db, store }: { db: Db; store: BlobStore }) {
  return {
    /** Accepts the proposals named (all when `ids` is absent); ids that are no proposal of the area are ignored. */
    async accept(actor: Actor, contentId: string, kind: HotspotKind, ids?: string[]): Promise<HotspotListAnswer> {
      return db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, annotateOperation(kind));
        await hotspotsRepo(trx).acceptProposals(contentId, kind, ids ?? null);
        return hotspotListOf(trx, content, contentId, kind);
      });
    },

    /** Deletes the proposals named (all when `ids` is absent); an accepted hotspot is never deleted this way. */
    async reject(actor: Actor, contentId: string, kind: HotspotKind, ids?: string[]): Promise<HotspotListAnswer> {
      return db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, annotateOperation(kind));
        const removed = await hotspotsRepo(trx).deleteProposals(contentId, kind, ids ?? null);
        await deleteUnreferenced(
          trx,
          store,
          contentId,
          removed.flatMap((r) => hotspotKeys(r.files)),
        );
        return hotspotListOf(trx, content, contentId, kind);
      });
    },
  };
}

export type HotspotProposals = ReturnType<typeof hotspotProposals>;
