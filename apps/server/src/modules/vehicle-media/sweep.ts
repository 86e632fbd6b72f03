import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { contentRecords } from '../contents/service.ts';
import { referencedKeys } from './areas.ts';

/**
 * The sweep of blobs no row refers to any more: the rows of a replaced spin whose files a failed cleanup left, a job
 * that wrote its files and died before committing its rows, an upload whose transaction failed after its files. It
 * deletes, per vehicle, the blobs under `contents/<id>/` that no row of any media area names (areas.ts).
 *
 * It must never delete a file that is about to be named: a job writes its files first and its rows at the end. So
 * a vehicle with an open process is skipped, a blob written within the grace is kept (a retried job writes its
 * content-addressed files again, which makes them young again), and each vehicle is swept under its row lock, the
 * lock every media change takes before it writes files (lockForMedia), so no edit runs between reading the rows and
 * deleting. docs/decisions.md, "Orphan blobs", says why.
 */

/** Blobs written less than this long ago are left alone, referenced or not. */
export const ORPHAN_GRACE_MS = 24 * 3600_000;

/** Vehicles per run (one job): the sweep of the rest is handed on to the next job. */
export const SWEEP_BATCH = 100;

export interface VehicleSweep {
  deleted: string[];
  /** `busy`: a process is queued or running on the vehicle; `gone`: the vehicle was deleted meanwhile. */
  skipped?: 'busy' | 'gone';
}

export interface SweepOptions {
  now?: Date;
  graceMs?: number;
}

/** Deletes one vehicle's blobs that no row names and that were written before the grace. */
export async function sweepVehicleOrphans(
  db: Db,
  store: BlobStore,
  contentId: string,
  options: SweepOptions = {},
): Promise<VehicleSweep> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  return db.transaction().execute(async (trx) => {
    const repo = contentRecords(trx);
    const [vehicle] = await repo.lock([contentId]);
    if (!vehicle) return { deleted: [], skipped: 'gone' };
    if ((await repo.runningProcesses([contentId])).length > 0) return { deleted: [], skipped: 'busy' };
    // Listed under the lock, after the process check: a file listed as old was not written by anything now running.
    const old = (await store.listEntries(`contents/${contentId}/`)).filter((e) => e.modifiedAt.getTime() <= cutoff);
    if (old.length === 0) return { deleted: [] };
    const kept = await referencedKeys(trx, vehicle);
    const deleted = old.map((e) => e.key).filter((key) => !kept.has(key));
    for (const key of deleted) await store.delete(key);
    return { deleted };
  });
}

export interface SweepRun {
  /** Vehicles looked at. */
  vehicles: number;
  busy: string[];
  deleted: string[];
  /** Where the next run starts (the last vehicle looked at), or null when this run reached the last vehicle. */
  next: string | null;
}

/** One run: the vehicles after `after` (from the first when null), `limit` of them, in id order. */
export async function sweepOrphanBlobs(
  db: Db,
  store: BlobStore,
  after: string | null,
  options: SweepOptions & { limit?: number } = {},
): Promise<SweepRun> {
  const limit = options.limit ?? SWEEP_BATCH;
  const ids = await contentRecords(db).idsAfter(after, limit);
  const run: SweepRun = { vehicles: ids.length, busy: [], deleted: [], next: null };
  for (const id of ids) {
    const swept = await sweepVehicleOrphans(db, store, id, options);
    if (swept.skipped === 'busy') run.busy.push(id);
    run.deleted.push(...swept.deleted);
  }
  if (ids.length === limit) run.next = ids.at(-1) ?? null;
  return run;
}
