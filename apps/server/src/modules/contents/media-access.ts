import type { Operation } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { assertEditable, lockVisible } from './content-service.ts';
import { type ContentRecord, contentsRepo } from './repo.ts';

/**
 * The one gate of every media change (exterior, interior, slider, rider view): in the caller's transaction, the
 * vehicle locked and seen by the caller (else `not_found`, so another tenant's vehicle is indistinguishable from
 * none), not deleted (`invalid_state_transition`, restore first), not under a listing link (`content_linked`), and
 * `operation` not locked by a running process (`content_locked` naming it).
 */
export async function lockForMedia(
  trx: Db,
  actor: Actor,
  contentId: string,
  operation: Operation,
): Promise<ContentRecord> {
  const caller = await loadCaller(trx, actor);
  const row = await lockVisible(trx, caller, contentId);
  await assertEditable(trx, row, operation);
  return row;
}

/** Reading media: the vehicle seen by the caller (any state but permanently deleted), without a lock. */
export async function visibleForMedia(db: Db, actor: Actor, contentId: string): Promise<ContentRecord> {
  const caller = await loadCaller(db, actor);
  return db.transaction().execute((trx) => lockVisible(trx, caller, contentId));
}

/**
 * What the vehicle list and filters know of its media: the flags (`has_exterior`...) and the list's thumbnail (a
 * blob key of a rendition). Each media area sets its own flag after a change, in the change's transaction.
 */
export interface MediaFlags {
  has_exterior?: boolean;
  has_interior?: boolean;
  has_rider_view?: boolean;
  has_category_images?: boolean;
  thumbnail_key?: string | null;
}

export async function setMediaFlags(trx: Db, contentId: string, flags: MediaFlags): Promise<void> {
  if (Object.keys(flags).length === 0) return;
  await contentsRepo(trx).update(contentId, flags);
}

/**
 * The list's and the edit lock's view of a listing link (contents.listing_link), set by the listing module in the
 * transaction of each link transition; the detailed state lives in the listing module's own table.
 */
export async function setListingLinkState(
  trx: Db,
  contentIds: readonly string[],
  state: ContentRecord['listing_link'],
): Promise<void> {
  await contentsRepo(trx).setListingLink(contentIds, state);
}
