import type { Db } from '../../db/database.ts';
import { contentsLimitOf } from './limits.ts';
import { contentsRepo } from './repo.ts';

/** What other areas ask of the contents area, which alone writes vehicles and their processes. */
export function contentRecords(db: Db) {
  const repo = contentsRepo(db);
  return {
    /** Every vehicle of a domain that the tenancy area is deleting for good. */
    purgeDomain: (domainId: string) => repo.deleteOfDomain(domainId),
    /**
     * The vehicles that count against the limits (published, limited public, unpublished): a user's and their
     * whole domain's. Sleeping and deleted ones are not counted (docs/decisions.md, vehicles).
     */
    countedVehicles: (ownerId: string, domainId: string) => repo.countedVehicles(ownerId, domainId),
    /** A user's limits (car limit, domain limit in its mode) as `GET check_contents_limit` answers them. */
    limitOf: (ownerId: string) => contentsLimitOf(db, ownerId),
    /** One vehicle as the answer builds it, whatever its state (publishing's viewer decides what a buyer sees). */
    find: (id: string) => repo.find(id),
    /** The vehicles locked for the rest of the transaction (publishing serialises its prune with edits). */
    lock: (ids: readonly string[]) => repo.lock(ids),
    /** Queued or running processes of the vehicles (the orphan sweep leaves a busy vehicle alone). */
    runningProcesses: (ids: readonly string[]) => repo.runningProcesses(ids),
    /** Vehicle ids after `after` in id order, `limit` of them (the orphan sweep's batches). */
    idsAfter: (after: string | null, limit: number) => repo.idsAfter(after, limit),
    /** Vehicles deleted for good that still have media rows (vehicle-media/purge.ts). */
    permanentlyDeletedWithMedia: (limit: number) => repo.permanentlyDeletedWithMedia(limit),
  };
}
