import {
  type ContentProcessAnswer,
  canReceiveTransfer,
  canSeeContent,
  canTransferVehicle,
  type ProcessesStartedAnswer,
  splitKeywords,
  TRANSFER_RECIPIENTS_MAX,
  type TransferRecipientsAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { toProcessAnswer } from '../processes/answer.ts';
import { contentLocks } from '../processes/locks.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { processService } from '../processes/service.ts';
import { visibleOrNotFound } from './content-service.ts';
import { WHOLE_CONTENT_JOBS } from './jobs.ts';
import { assertCanAddContents } from './limits.ts';
import { type ContentProcessRow, type ContentRecord, contentsRepo } from './repo.ts';
import { transferRepo } from './transfer-repo.ts';
import { runWholeContentJob, type WholeContentJob, type WorkHooks } from './transfer-work.ts';

export interface TransferServiceDeps {
  db: Db;
  /** Absent (tests that build the app without a runner): the process runs in the request, after its commit. */
  jobs: JobRunner | undefined;
  /** Where the media's files are: a copy copies them (absent: a copy without media, for tests of the rules). */
  store?: BlobStore;
  hooks?: WorkHooks;
}

/**
 * Whether the caller may transfer at all: master, super and admin; a normal user where their image-system setting
 * allows it (it defaults to the domain's normal-user transfer and cannot be on where the domain does not offer it).
 */
function assertMayTransfer(caller: CallerContext): void {
  enforce(
    canTransferVehicle(caller.permission, { normalUserTransferEnabled: caller.imageSystem.normal_user_transfer }),
  );
}

function answer(rows: readonly ContentProcessRow[]): ProcessesStartedAnswer {
  const processes: ContentProcessAnswer[] = [];
  for (const row of rows) {
    const process = toProcessAnswer(row);
    if (process) processes.push({ content_id: row.content_id, process });
  }
  return { processes };
}

/** The vehicles, locked, each visible to the caller and not in the trash (a deleted vehicle is restored first). */
async function lockVisibleLive(trx: Db, caller: CallerContext, ids: readonly string[]): Promise<ContentRecord[]> {
  const rows = new Map((await contentsRepo(trx).lock(ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = visibleOrNotFound(caller, rows.get(id));
    if (row.publication === 'deleted') {
      throw new AppError('invalid_state_transition', { params: { reason: 'restore_first', content_id: id } });
    }
    return row;
  });
}

/**
 * Transfer (`POST /contents/transfer/{a}/{b}`, `/normaluser/contents/transfer`) and copy (`POST /contents/copy`):
 * the request checks every rule and the locks, records one queued process per vehicle (from then on it locks
 * everything on the vehicle) and enqueues its job in the same transaction; the job does the change (transfer-work).
 */
export function transferService(deps: TransferServiceDeps) {
  const { db } = deps;

  /** Enqueued with the rows (one transaction), or run here once they are committed when there is no runner. */
  async function hand(trx: Db, job: WholeContentJob, rows: readonly ContentProcessRow[]): Promise<void> {
    if (!deps.jobs) return;
    for (const row of rows) {
      const payload: ProcessJobPayload = { processId: row.id, attempt: 0 };
      await deps.jobs.enqueue(WHOLE_CONTENT_JOBS[job], payload, { db: processService(trx).bossDb() });
    }
  }

  async function runInline(job: WholeContentJob, rows: ContentProcessRow[]): Promise<ContentProcessRow[]> {
    if (deps.jobs) return rows;
    const after: ContentProcessRow[] = [];
    for (const row of rows) {
      await runWholeContentJob(db, job, row.id, { lastAttempt: true, hooks: deps.hooks, store: deps.store });
      after.push((await processService(db).find(row.id)) ?? row);
    }
    return after;
  }

  return {
    /**
     * Gives vehicles to another user. Rules: the caller may transfer (canTransferVehicle), sees every vehicle and
     * may give to the recipient (canReceiveTransfer), who is of the vehicles' domain and owns none of them
     * (transfer_same_user); no process locks CONTENT.TRANSFER; the recipient's limits take the vehicles that count.
     */
    async transfer(actor: Actor, contentIds: readonly string[], userId: string): Promise<ProcessesStartedAnswer> {
      const rows = await db.transaction().execute(async (trx) => {
        const caller = await loadCaller(trx, actor);
        assertMayTransfer(caller);
        const vehicles = await lockVisibleLive(trx, caller, contentIds);
        const recipient = await transferRepo(trx).recipient(userId);
        if (!recipient) throw new AppError('not_found');
        enforce(canReceiveTransfer(caller.permission, recipient));
        for (const vehicle of vehicles) {
          if (vehicle.owner_user_id === recipient.id) {
            throw new AppError('transfer_same_user', { params: { content_id: vehicle.id } });
          }
          if (vehicle.domain_id !== recipient.domainId) {
            throw new AppError('validation_failed', {
              fields: [fieldError('user_id', 'one_of', "Choose a user of the vehicle's domain.")],
            });
          }
        }
        await contentLocks(trx).assertUnlocked(contentIds, 'CONTENT.TRANSFER');
        const counted = vehicles.filter((v) => v.publication !== 'sleeping').length;
        if (counted > 0) await assertCanAddContents(trx, recipient.id, counted);
        const started = await processService(trx).start(
          vehicles.map((v) => ({
            contentId: v.id,
            process: 'transfer' as const,
            actorUserId: actor.userId,
            payload: { from_user_id: v.owner_user_id, to_user_id: recipient.id },
          })),
        );
        await hand(trx, 'transfer', started);
        return started;
      });
      return answer(await runInline('transfer', rows));
    },

    /**
     * The users the caller may give vehicles to (`GET /contents/transfer-recipients`), by the transfer's own rules:
     * the caller may transfer, sees every named vehicle (else not_found), and the recipients pass
     * canReceiveTransfer, are of the vehicles' domain and own none of them. Vehicles of several domains have no
     * common recipient.
     */
    async recipients(
      actor: Actor,
      query: { q?: string | undefined; contentIds?: readonly string[] | undefined },
    ): Promise<TransferRecipientsAnswer> {
      const caller = await loadCaller(db, actor);
      assertMayTransfer(caller);
      const ids = query.contentIds ?? [];
      const found = new Map((await transferRepo(db).vehicles(ids)).map((v) => [v.id, v]));
      const vehicles = ids.map((id) => {
        const vehicle = found.get(id);
        if (!vehicle || vehicle.publication === 'permanently_deleted') throw new AppError('not_found');
        enforce(canSeeContent(caller.permission, vehicle));
        return vehicle;
      });
      const domains = new Set(vehicles.map((v) => v.domainId));
      if (domains.size > 1) return { items: [] };
      const rows = await transferRepo(db).recipients(caller.permission, {
        words: splitKeywords(query.q ?? ''),
        domainId: [...domains][0],
        excludeIds: [...new Set(vehicles.map((v) => v.ownerId))],
        limit: TRANSFER_RECIPIENTS_MAX,
      });
      return { items: rows.map((row) => ({ ...row, is_self: row.id === actor.userId })) };
    },

    /**
     * Copies a vehicle for its owner under a new management ID. Copying reads the whole vehicle, so it is refused
     * while any process that locks a transfer runs; the owner's limits must take one more vehicle.
     */
    async copy(actor: Actor, contentId: string): Promise<ProcessesStartedAnswer> {
      const rows = await db.transaction().execute(async (trx) => {
        const caller = await loadCaller(trx, actor);
        const [vehicle] = await lockVisibleLive(trx, caller, [contentId]);
        await contentLocks(trx).assertUnlocked(contentId, 'CONTENT.TRANSFER');
        await assertCanAddContents(trx, vehicle!.owner_user_id, 1);
        const started = await processService(trx).start([{ contentId, process: 'copy', actorUserId: actor.userId }]);
        await hand(trx, 'copy', started);
        return started;
      });
      return answer(await runInline('copy', rows));
    },
  };
}
export type TransferService = ReturnType<typeof transferService>;
