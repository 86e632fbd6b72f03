import {
  applyPublicationAction,
  type ContentAnswer,
  type ContentBulkDeleteAnswer,
  type Operation,
  type PublicationAction,
  type PublicationState,
  processesLocking,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { contentLocks } from '../processes/locks.ts';
import { processService } from '../processes/service.ts';
import { answerOf, lockVisible, lockVisibleUndeleted, visibleOrNotFound } from './content-service.ts';
import { assertCanAddContents } from './limits.ts';
import { type ContentRecord, contentsRepo } from './repo.ts';

/** Publication, sleep, wake, delete, restore and delete for good of a vehicle: the lock each checks. */
const OPERATION_OF: Record<PublicationAction, Operation> = {
  publish: 'CONTENT.UPDATE',
  publish_limited: 'CONTENT.UPDATE',
  unpublish: 'CONTENT.UPDATE',
  sleep: 'CONTENT.UPDATE',
  wake: 'CONTENT.UPDATE',
  restore: 'CONTENT.UPDATE',
  delete: 'CONTENT.DELETE',
  delete_permanently: 'CONTENT.DELETE',
};

/** Actions that bring a vehicle back into the count of the limits: checked like an addition. */
const COUNTED_AGAIN: ReadonlySet<PublicationAction> = new Set(['wake', 'restore']);

const hasImages = (row: ContentRecord): boolean =>
  row.has_exterior || row.has_interior || row.has_rider_view || row.has_category_images;

/** The state the action leads to, or the catalogue's refusal (publish_without_images has its own message). */
function target(row: ContentRecord, action: PublicationAction) {
  const moved = applyPublicationAction(row.publication, action, { hasImages: hasImages(row) });
  if (moved.ok) return moved.to;
  if (moved.reason === 'publish_without_images') throw new AppError('publish_without_images');
  throw new AppError('invalid_state_transition', { params: { reason: moved.reason, from: row.publication } });
}

/**
 * The refusals of `/contents/public` (state, images) for publishing's build of it: public, or limited public when
 * its limited publication is on.
 */
export function publishTarget(row: ContentRecord): PublicationState {
  return target(row, row.limited_password_enabled ? 'publish_limited' : 'publish');
}

/** Sets the state `publishTarget` answered, on the row the caller's transaction locked. */
export async function setPublicationLocked(trx: Db, row: ContentRecord, to: PublicationState): Promise<void> {
  await contentsRepo(trx).setPublication([row.id], to);
}

/**
 * Publishing's build (modules/publishing) publishes in its own transaction, on the vehicle it has locked and
 * checked: public, or limited public when its limited publication is on. A vehicle already in that state stays as it
 * is (the build is a republish); one in the other public state moves, as `/contents/public` would move it.
 */
export async function publishLocked(trx: Db, row: ContentRecord): Promise<void> {
  const wanted: PublicationState = row.limited_password_enabled ? 'limited_public' : 'published';
  if (row.publication === wanted) return;
  await contentsRepo(trx).setPublication([row.id], publishTarget(row));
}

/**
 * Billing's removal of an ended contract's vehicles (issue 19), after the notice mail's period: each vehicle the
 * user still has is deleted as the dealer's own delete would (restorable by the operator); answers how many.
 */
export async function deleteVehiclesOfOwner(trx: Db, ownerId: string): Promise<number> {
  const repo = contentsRepo(trx);
  const ids = await repo.undeletedIdsOfOwner(ownerId);
  await repo.setPublication(ids, 'deleted');
  return ids.length;
}

/**
 * Every publication change goes through the domain's machine (applyPublicationAction): the state it starts from,
 * the images publishing needs, then the locks, then the limits for what comes back into the count.
 */
export function publicationService(deps: { db: Db }) {
  const { db } = deps;

  /** `actionOf` picks the action from the locked row (publish: limited or not). */
  async function apply(
    actor: Actor,
    id: string,
    actionOf: PublicationAction | ((row: ContentRecord) => PublicationAction),
  ): Promise<ContentAnswer> {
    const caller = await loadCaller(db, actor);
    return db.transaction().execute(async (trx) => {
      const row = await lockVisible(trx, caller, id);
      const action = typeof actionOf === 'function' ? actionOf(row) : actionOf;
      const to = target(row, action);
      await contentLocks(trx).assertUnlocked(id, OPERATION_OF[action]);
      if (COUNTED_AGAIN.has(action)) await assertCanAddContents(trx, row.owner_user_id);
      await contentsRepo(trx).setPublication([id], to);
      return answerOf(trx, id);
    });
  }

  /** Deletes all of them or none: every vehicle visible, in a state it can be deleted from, and not locked. */
  async function deleteMany(actor: Actor, ids: readonly string[], hard: boolean): Promise<ContentBulkDeleteAnswer> {
    const unique = [...new Set(ids)];
    const action: PublicationAction = hard ? 'delete_permanently' : 'delete';
    const caller = await loadCaller(db, actor);
    return db.transaction().execute(async (trx) => {
      const rows = await contentsRepo(trx).lock(unique);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const visible = unique.map((id) => visibleOrNotFound(caller, byId.get(id)));
      if (unique.length > 1) {
        // The catalogue's batch message: a vehicle being updated cancels the whole deletion.
        const running = await processService(trx).runningOn(unique);
        const locked = unique.filter((id) => processesLocking('CONTENT.DELETE', running.get(id) ?? []).length > 0);
        if (locked.length > 0) {
          throw new AppError('bulk_delete_cancelled', {
            params: { count: locked.length, total: unique.length, content_id: locked[0] ?? '' },
          });
        }
      }
      for (const row of visible) target(row, action);
      await contentLocks(trx).assertUnlocked(unique, 'CONTENT.DELETE');
      await contentsRepo(trx).setPublication(unique, hard ? 'permanently_deleted' : 'deleted');
      return { deleted: unique.length, ids: unique };
    });
  }

  return {
    unpublish: (actor: Actor, id: string) => apply(actor, id, 'unpublish'),
    sleep: (actor: Actor, id: string) => apply(actor, id, 'sleep'),
    wake: (actor: Actor, id: string) => apply(actor, id, 'wake'),
    restore: (actor: Actor, id: string) => apply(actor, id, 'restore'),

    /** VR mode is a switch of a live vehicle (not of a deleted one). */
    async setVrMode(actor: Actor, id: string, on: boolean): Promise<ContentAnswer> {
      const caller = await loadCaller(db, actor);
      return db.transaction().execute(async (trx) => {
        const row = await lockVisibleUndeleted(trx, caller, id);
        if (row.vr_mode === on) {
          throw new AppError('invalid_state_transition', {
            params: { reason: 'already_in_state', from: row.publication },
          });
        }
        await contentLocks(trx).assertUnlocked(id, 'CONTENT.UPDATE');
        await contentsRepo(trx).update(id, { vr_mode: on });
        return answerOf(trx, id);
      });
    },

    delete: (actor: Actor, id: string, hard: boolean) => deleteMany(actor, [id], hard),
    deleteBulk: (actor: Actor, ids: readonly string[], hard: boolean) => deleteMany(actor, ids, hard),
  };
}
export type PublicationService = ReturnType<typeof publicationService>;
