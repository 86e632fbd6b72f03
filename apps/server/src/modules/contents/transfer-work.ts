import { CONTENT_TEXT_MAX } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobResult } from '../../platform/jobs/queue-registry.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { processService } from '../processes/service.ts';
import { copyVehicleMedia } from '../vehicle-media/copy.ts';
import { vehicleDetails } from './answer.ts';
import { assertCanAddContents } from './limits.ts';
import { type ContentRecord, contentsRepo, type NewContent } from './repo.ts';
import { transferRepo } from './transfer-repo.ts';

/**
 * The work of the whole-content jobs, transfer and copy, as their job handlers (jobs.ts) run it. Each run
 * reloads its process row: a finished process is never run again, so a job delivered twice transfers or copies
 * once. The change itself and the process's success are one transaction, so a worker that dies half-way leaves
 * the vehicle as it was and the process open for a retry (pg-boss's, or the reaper's).
 */

export type WholeContentJob = 'transfer' | 'copy';

/** Test seams: a fault after the change and before the commit stands for a worker killed mid-transfer. */
export interface WorkHooks {
  afterChange?: (job: WholeContentJob, processId: string) => Promise<void> | void;
}

export interface TransferPayload {
  from_user_id: string;
  to_user_id: string;
}

/** A refusal of the job's own rules (the vehicle is gone, the limit is full): the process fails, no retry helps. */
class Refused extends Error {
  override name = 'Refused';
}

const refusal = (error: unknown): string =>
  error instanceof AppError
    ? `${error.code}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);

/** `-copy`, `-copy2`, ...: the first free management ID for a copy, the base cut so the suffix fits the bound. */
async function copyManagementId(db: Db, row: ContentRecord): Promise<string> {
  const repo = contentsRepo(db);
  for (let n = 1; n <= 100; n++) {
    const suffix = n === 1 ? '-copy' : `-copy${n}`;
    const id = `${row.management_id.slice(0, CONTENT_TEXT_MAX.management_id - suffix.length)}${suffix}`;
    if (!(await repo.managementIdTaken(row.domain_id, id))) return id;
  }
  throw new Refused('No free management ID for the copy: rename the earlier copies.');
}

/**
 * The copy carries every field the dealer entered and the inspection data; it starts unpublished and unlinked from
 * the listing service, with the caller who asked as its creator. Its media are copied beside it (vehicle-media/copy.ts).
 */
function copyValues(row: ContentRecord, managementId: string, creatorId: string): NewContent {
  const price = (v: string | null) => (v === null ? null : Number(v));
  return {
    domain_id: row.domain_id,
    company_id: row.company_id,
    owner_user_id: row.owner_user_id,
    creator_user_id: creatorId,
    management_id: managementId,
    publication: 'unpublished',
    maker: row.maker,
    car_name: row.car_name,
    body_color: row.body_color,
    first_registration_year: row.first_registration_year,
    first_registration_month: row.first_registration_month,
    ...vehicleDetails(row),
    price_with_tax: price(row.price_with_tax),
    total_price_with_tax: price(row.total_price_with_tax),
    chassis_number: row.chassis_number,
    limited_password_enabled: row.limited_password_enabled,
    limited_password: row.limited_password,
    analytics_tag_enabled: row.analytics_tag_enabled,
    analytics_tag: row.analytics_tag,
    option_display: row.option_display,
    vr_mode: row.vr_mode,
    development_view_display: row.development_view_display,
    development_view_position: row.development_view_position,
    inspection_data_display: row.inspection_data_display,
    defect_display: row.defect_display,
    basic_info_shown: JSON.stringify(row.basic_info_shown ?? []),
    inspection: JSON.stringify(row.inspection ?? {}),
  };
}

/** The vehicle the process runs on, locked; a vehicle deleted meanwhile refuses the job. */
async function lockedContent(trx: Db, contentId: string): Promise<ContentRecord> {
  const [row] = await contentsRepo(trx).lock([contentId]);
  if (!row || row.publication === 'permanently_deleted') throw new Refused('The vehicle no longer exists.');
  if (row.publication === 'deleted') throw new Refused('The vehicle was deleted.');
  return row;
}

async function transfer(trx: Db, contentId: string, payload: TransferPayload): Promise<void> {
  const row = await lockedContent(trx, contentId);
  if (row.owner_user_id === payload.to_user_id) return; // Already theirs (an earlier run got this far).
  if (row.owner_user_id !== payload.from_user_id) throw new Refused('The vehicle changed owner meanwhile.');
  const recipient = await transferRepo(trx).recipient(payload.to_user_id);
  if (!recipient || recipient.domainId !== row.domain_id) throw new Refused('The recipient no longer exists.');
  // Only vehicles that count against a limit need room in the recipient's (sleeping ones do not).
  if (row.publication !== 'sleeping') await assertCanAddContents(trx, recipient.id, 1);
  await transferRepo(trx).changeOwner(contentId, {
    fromUserId: payload.from_user_id,
    toUserId: recipient.id,
    companyId: recipient.companyId,
  });
}

async function copy(
  trx: Db,
  contentId: string,
  processId: string,
  creatorId: string | null,
  store: BlobStore | undefined,
): Promise<void> {
  const row = await lockedContent(trx, contentId);
  await assertCanAddContents(trx, row.owner_user_id, 1);
  const managementId = await copyManagementId(trx, row);
  const copyId = await contentsRepo(trx).insert(copyValues(row, managementId, creatorId ?? row.owner_user_id));
  // The media come along, each file copied under the copy's own prefix (modules/vehicle-media/copy.ts).
  if (store) await copyVehicleMedia(trx, store, contentId, copyId);
  await processService(trx).addToPayload(processId, { copy_id: copyId, copy_management_id: managementId });
}

/**
 * Runs one transfer or copy process. `lastAttempt`: a failure is final (the process fails, its locks go);
 * otherwise a failure puts it back in the queue with its error and is thrown for pg-boss to retry.
 */
export async function runWholeContentJob(
  db: Db,
  job: WholeContentJob,
  processId: string,
  options: { lastAttempt: boolean; hooks?: WorkHooks | undefined; store?: BlobStore | undefined },
): Promise<JobResult> {
  const processes = processService(db);
  const found = await processService(db).find(processId);
  if (!found || found.process !== job || !processes.isOpen(found.status)) return 'skipped';
  await processes.begin(processId);
  try {
    const done = await db.transaction().execute(async (trx) => {
      const row = await processService(trx).lock(processId);
      // Another worker finished it while this one waited for the lock.
      if (!row || !processes.isOpen(row.status)) return false;
      if (job === 'transfer') await transfer(trx, row.content_id, row.payload as unknown as TransferPayload);
      else await copy(trx, row.content_id, processId, row.actor_user_id, options.store);
      await options.hooks?.afterChange?.(job, processId);
      await processService(trx).succeed(processId);
      return true;
    });
    return done ? 'success' : 'skipped';
  } catch (error) {
    const final = options.lastAttempt || error instanceof Refused || error instanceof AppError;
    if (final) {
      await processes.fail(processId, refusal(error));
      return 'success';
    }
    await processes.requeue(processId, error);
    throw error;
  }
}
