import type { PrivilegeType } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Users found by e-mail or login code, and counts per role: what CSV imports and admin codes look up. */
export function userLookupsRepo(db: Db) {
  return {
    /** One CSV import per domain at a time, until the transaction ends: two files cannot both pass the limits. */
    async lockCsvImport(domainId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`users-csv:${domainId}`}))`.execute(db);
    },

    /** Which of these e-mails are registered to a live user (any domain: the e-mail is the username). */
    async registeredEmails(emails: readonly string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select(sql<string>`lower(email)`.as('email'))
        .where(
          sql<string>`lower(email)`,
          'in',
          emails.map((e) => e.toLowerCase()),
        )
        .where('deleted_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => r.email));
    },

    /** Live admins of a domain found by e-mail or login code (CSV parents and admin_code). */
    findAdmins(domainId: string, keys: readonly string[]) {
      if (keys.length === 0) return Promise.resolve([]);
      const lowered = keys.map((k) => k.toLowerCase());
      return db
        .selectFrom('users')
        .select(['id', 'email', 'login_code', 'company_id', 'group_id', 'status'])
        .where('domain_id', '=', domainId)
        .where('privilege_type', '=', 'admin')
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(email)`, 'in', lowered),
            eb.and([eb('login_code', '<>', ''), eb(sql<string>`lower(login_code)`, 'in', lowered)]),
          ]),
        )
        .execute();
    },

    /** Live users of a domain per privilege type (CSV caps). */
    async countByPrivilege(domainId: string): Promise<Record<PrivilegeType, number>> {
      const rows = await db
        .selectFrom('users')
        .select(['privilege_type', (eb) => eb.fn.countAll<string>().as('n')])
        .where('domain_id', '=', domainId)
        .where('deleted_at', 'is', null)
        .groupBy('privilege_type')
        .execute();
      const out: Record<PrivilegeType, number> = { master: 0, super: 0, admin: 0, normal: 0 };
      for (const r of rows) out[r.privilege_type] = Number(r.n);
      return out;
    },
  };
}
