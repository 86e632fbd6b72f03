import {
  canImportUsersCsv,
  decodeUtf8,
  parseCsv,
  USER_CSV_HEADER,
  type UserCsvColumn,
  type UserCsvError,
  type UserCsvExisting,
  type UserCsvRow,
  userCsvHeader,
  validateUserCsv,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { isUniqueViolation } from '../sql.ts';
import { loadActorContext } from './actor.ts';
import { shopCodeColumns } from './core.ts';
import { type UsersRepo, usersRepo } from './repo.ts';

/**
 * Where a domain's user registration limit is read from: the domain's stored options, key
 * `user_registration_limit` (a whole number, or absent/null for "not set"). validateUserCsv refuses every import
 * while it is not set, as the spec's CSV rules say ("the registration limit must be set").
 */
export const USER_REGISTRATION_LIMIT_OPTION = 'user_registration_limit';

/** argon2 runs on libuv's thread pool (4 threads by default): more at once only queues and holds memory. */
const HASH_CONCURRENCY = 4;

export type CsvImportResult = { ok: true; added: number } | { ok: false; errors: UserCsvError[] };

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function registrationLimitOf(options: Record<string, unknown>): number | null {
  const v = options[USER_REGISTRATION_LIMIT_OPTION];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

/**
 * The e-mails a file mentions (its email and parent_email cells), read with the domain's own CSV reader, so only
 * those are looked up rather than every user of the product. An unreadable file gives none; validateUserCsv then
 * reports why it is unreadable.
 */
function mentionedEmails(bytes: Uint8Array): { emails: string[]; parents: string[] } {
  const text = decodeUtf8(bytes);
  const parsed = text === null ? undefined : parseCsv(text);
  if (!parsed?.ok) return { emails: [], parents: [] };
  const emailAt = USER_CSV_HEADER.indexOf('email');
  const parentAt = USER_CSV_HEADER.indexOf('parent_email');
  const clean = (v: string | undefined) => (v ?? '').trim().toLowerCase();
  const body = parsed.records.slice(1);
  return {
    emails: body.map((cells) => clean(cells[emailAt])).filter((e) => e !== ''),
    parents: body.map((cells) => clean(cells[parentAt])).filter((e) => e !== ''),
  };
}

async function existingFor(r: UsersRepo, domainId: string, bytes: Uint8Array): Promise<UserCsvExisting> {
  const { emails, parents } = mentionedEmails(bytes);
  const [registered, admins, counts, domain] = await Promise.all([
    r.registeredEmails([...new Set(emails)]),
    r.findAdmins(domainId, [...new Set(parents)]),
    r.countByPrivilege(domainId),
    r.findDomain(domainId),
  ]);
  return {
    emails: registered,
    adminEmails: new Set(admins.map((a) => a.email.toLowerCase())),
    adminCount: counts.admin,
    normalCount: counts.normal,
    registrationLimit: registrationLimitOf(domain?.options ?? {}),
    registeredCount: counts.admin + counts.normal,
  };
}

/**
 * User CSV bulk add (POST /subordinates-upload): super only, not product-branded, not paying by card
 * (canImportUsersCsv). Every rule is validateUserCsv's; nothing is added unless every row passes. The new users
 * are active at once: the super chose their passwords in the file. Admins are placed in the super's company;
 * normal users in their parent's company and group.
 */
/** The upload format of a domain's host. */
async function formatOf(repo: UsersRepo, domainId: string): Promise<readonly UserCsvColumn[]> {
  return userCsvHeader((await repo.findDomain(domainId))?.host_flags ?? []);
}

export function csvService(deps: { db: Db }) {
  const { db } = deps;
  const repo = usersRepo(db);

  return {
    /** The caller's upload format (the bike site's has the shop code), once they may import. */
    async formatFor(actor: Actor): Promise<readonly UserCsvColumn[]> {
      const c = await loadActorContext(db, actor);
      enforce(canImportUsersCsv(c.permission));
      return formatOf(repo, c.permission.domainId);
    },

    async importUsers(actor: Actor, bytes: Uint8Array): Promise<CsvImportResult> {
      const c = await loadActorContext(db, actor);
      enforce(canImportUsersCsv(c.permission));
      const domainId = c.permission.domainId;
      const header = await formatOf(repo, domainId);
      const first = validateUserCsv({ bytes, header, existing: await existingFor(repo, domainId, bytes) });
      if (!first.ok) return first;
      // Hash before the transaction (about 50 ms each): the domain's import lock is then held only for the writes.
      const hashes = new Map<number, string>();
      await mapLimited(first.rows, HASH_CONCURRENCY, async (row) => {
        hashes.set(row.row, await hashPassword(row.password));
      });

      return db
        .transaction()
        .execute(async (trx): Promise<CsvImportResult> => {
          const r = usersRepo(trx);
          // One import per domain at a time, so two files cannot both pass the limits and both be added.
          await r.lockCsvImport(domainId);
          const checked = validateUserCsv({ bytes, header, existing: await existingFor(r, domainId, bytes) });
          if (!checked.ok) return checked;
          const where = { domainId, companyId: c.permission.companyId, header };
          const added = await insertRows(r, where, checked.rows, hashes);
          return { ok: true, added };
        })
        .catch((error: unknown) => {
          // A user registered the same e-mail between the check and the insert: the file's row is refused.
          if (isUniqueViolation(error, 'users_email_key')) throw new AppError('email_already_registered');
          throw error;
        });
    },
  };
}

async function insertRows(
  r: UsersRepo,
  where: { domainId: string; companyId: string | null; header: readonly UserCsvColumn[] },
  rows: readonly UserCsvRow[],
  hashes: ReadonlyMap<number, string>,
): Promise<number> {
  const now = new Date();
  const common = (row: UserCsvRow) => ({
    domain_id: where.domainId,
    email: row.email,
    password_hash: hashes.get(row.row) ?? '',
    name: row.name,
    display_name: row.name,
    privilege_type: row.privilegeType,
    status: 'active' as const,
    activated_at: now,
    company_section: row.companySection,
    car_limit: row.carLimit,
    // Only the bike site's format has the column, and there the shop code is the first username alias.
    ...(where.header.includes('shop_code') ? shopCodeColumns(['bike'], { shop_code: row.shopCode }, []) : {}),
    login_limit_count: null,
    payment_failed_at: null,
    last_login_at: null,
  });
  const admins = rows.filter((row) => row.privilegeType === 'admin');
  const normals = rows.filter((row) => row.privilegeType === 'normal');
  let added = await r.insertUsers(
    admins.map((row) => ({ ...common(row), company_id: where.companyId, parent_user_id: null })),
  );
  // Parents are existing admins or admins of this file, now inserted: one lookup finds both.
  const parentEmails = [...new Set(normals.map((row) => row.parentEmail ?? ''))];
  const parents = new Map(
    (await r.findAdmins(where.domainId, parentEmails)).map((a) => [a.email.toLowerCase(), a] as const),
  );
  added += await r.insertUsers(
    normals.map((row) => {
      const parent = parents.get(row.parentEmail ?? '');
      if (!parent) throw new Error(`CSV row ${row.row}: parent ${row.parentEmail} vanished after validation`);
      return {
        ...common(row),
        company_id: parent.company_id ?? where.companyId,
        parent_user_id: parent.id,
        group_id: parent.group_id,
      };
    }),
  );
  return added;
}

export type CsvService = ReturnType<typeof csvService>;
