import {
  CONTENT_CSV_WRITABLE,
  type ContentCsvExisting,
  type ContentCsvRowError,
  type ContentCsvStoredVehicle,
  type ContentCsvValues,
  canSeeContent,
  contentCsvMentions,
  type ErrorCode,
  managementIdKey,
  processesLocking,
  validateContentCsv,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type CallerContext, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { processService } from '../processes/service.ts';
import { isUniqueViolation } from '../sql.ts';
import { type CsvChange, contentCsvRepo } from './csv-repo.ts';
import { type ContentRecord, contentsRepo } from './repo.ts';

export type ContentCsvOutcome =
  | { ok: true; updated: number; unchanged: number }
  | { ok: false; errors: ContentCsvRowError[] };

/** A rule of the whole file answers with its own catalogue code (not UTF-8, too large, header, over 150). */
function fileRefusal(code: ErrorCode, item?: string): AppError {
  const fields = item
    ? [{ field: item, rule: 'unknown_field', message: 'This item is not in the downloaded format.' }]
    : undefined;
  return new AppError(code, fields ? { fields } : {});
}

/** The writable items as stored, in the form the schema outputs (bigint prices arrive as strings). */
function storedValues(record: ContentRecord): ContentCsvValues {
  const values = Object.fromEntries(CONTENT_CSV_WRITABLE.map((k) => [k, record[k]])) as Record<string, unknown>;
  for (const price of ['price_with_tax', 'total_price_with_tax'] as const) {
    const v = record[price];
    values[price] = v === null ? null : Number(v);
  }
  return values as ContentCsvValues;
}

/**
 * The vehicle CSV edit (/contents/bulk): `POST /contents/csv` writes, `POST /contents/csv_check` answers the same
 * verdict without writing. Every rule is validateContentCsv's; this service gathers what it needs to know about
 * the vehicles the file names (who may see them, their state, link, locks and the management IDs around them) and
 * writes all changed rows in one transaction, or nothing.
 */
export function contentCsvService(deps: { db: Db }) {
  const { db } = deps;

  async function existingFor(trx: Db, caller: CallerContext, bytes: Uint8Array, lock: boolean) {
    const { ids, managementIds } = contentCsvMentions(bytes);
    const repo = contentsRepo(trx);
    // Locked (id order) when writing, so a state change, a link or a lock decided meanwhile waits for this upload.
    const found = lock ? await repo.lock(ids) : await Promise.all(ids.map((id) => repo.find(id)));
    const visible = found.filter(
      (r): r is ContentRecord =>
        r !== undefined &&
        canSeeContent(caller.permission, {
          domainId: r.domain_id,
          ownerId: r.owner_user_id,
          ownerParentId: r.owner_parent_id,
        }).ok,
    );
    const running = await processService(trx).runningOn(visible.map((r) => r.id));
    const domainIds = [...new Set(visible.map((r) => r.domain_id))];
    const holders = await contentCsvRepo(trx).managementIdHolders(domainIds, managementIds);
    const vehicles = new Map<string, ContentCsvStoredVehicle>(
      visible.map((r) => [
        r.id,
        {
          domainId: r.domain_id,
          current: storedValues(r),
          publication: r.publication,
          listingLink: r.listing_link,
          lockedBy: processesLocking('CONTENT.UPDATE', running.get(r.id) ?? [])[0] ?? null,
        },
      ]),
    );
    const existing: ContentCsvExisting = {
      vehicles,
      managementIdHolders: new Map(holders.map((h) => [managementIdKey(h.domain_id, h.management_id), h.id])),
    };
    return existing;
  }

  async function run(actor: Actor, bytes: Uint8Array, write: boolean): Promise<ContentCsvOutcome> {
    const caller = await loadCaller(db, actor);
    // A file refused as a whole is refused before any vehicle is read.
    const alone = validateContentCsv({ bytes });
    if (!alone.ok && alone.kind === 'file') throw fileRefusal(alone.code, alone.item);

    return db
      .transaction()
      .execute(async (trx): Promise<ContentCsvOutcome> => {
        const existing = await existingFor(trx, caller, bytes, write);
        const result = validateContentCsv({ bytes, existing });
        if (!result.ok) {
          if (result.kind === 'file') throw fileRefusal(result.code, result.item);
          return { ok: false, errors: result.errors };
        }
        const changes: CsvChange[] = result.rows
          .filter((r) => r.changed)
          .map((r) => ({
            id: r.id,
            values: r.values,
            managementIdChanges: existing.vehicles.get(r.id)?.current.management_id !== r.values.management_id,
          }));
        if (write) await contentCsvRepo(trx).applyRows(changes);
        return { ok: true, updated: changes.length, unchanged: result.rows.length - changes.length };
      })
      .catch((error: unknown) => {
        // Another request took a management ID of the file between the check and the write.
        if (isUniqueViolation(error, 'contents_management_id_key')) throw new AppError('duplicate_vehicle_id');
        throw error;
      });
  }

  return {
    apply: (actor: Actor, bytes: Uint8Array) => run(actor, bytes, true),
    check: (actor: Actor, bytes: Uint8Array) => run(actor, bytes, false),
  };
}

export type ContentCsvService = ReturnType<typeof contentCsvService>;
