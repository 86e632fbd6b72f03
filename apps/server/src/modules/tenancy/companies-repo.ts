import { splitKeywords } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { whereEveryKeyword } from '../sql.ts';
import type { CompanyFields, CompanyKind } from './repo.ts';
/** Companies (headquarters and branches): found, locked, listed, updated. */
export function companiesRepo(db: Db) {
  return {
    findCompany(id: string) {
      return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    lockCompany(id: string) {
      return db.selectFrom('companies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * The domain's own company: its first headquarters. Its logo is the one the sidebar shows for the domain's
     * host (`company_logo_{company_code}.png`).
     */
    async mainCompanyId(domainId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('companies')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('kind', '=', 'headquarters')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    async listCompanies(filter: {
      domainId?: string | undefined;
      kind: CompanyKind;
      parentCompanyId?: string | undefined;
      q?: string | undefined;
      offset: number;
      limit: number;
    }) {
      let query = db.selectFrom('companies as c').where('c.kind', '=', filter.kind);
      if (filter.domainId !== undefined) query = query.where('c.domain_id', '=', filter.domainId);
      if (filter.parentCompanyId !== undefined) query = query.where('c.parent_company_id', '=', filter.parentCompanyId);
      query = whereEveryKeyword(query, splitKeywords(filter.q ?? ''), [
        'c.name',
        'c.corporate_code',
        'c.store_code',
        'c.city',
      ]);
      const [rows, count] = await Promise.all([
        query
          .selectAll('c')
          .select((eb) =>
            eb
              .selectFrom('companies as b')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('b.parent_company_id', '=', 'c.id')
              .as('branch_count'),
          )
          .select((eb) =>
            eb
              .selectFrom('companies as h')
              .select('h.name')
              .whereRef('h.id', '=', 'c.parent_company_id')
              .as('headquarters_name'),
          )
          .orderBy('c.id')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r,
          branch_count: r.branch_count ?? 0,
          headquarters_name: r.headquarters_name ?? null,
        })),
        total: count.n,
      };
    },

    async updateCompany(
      id: string,
      patch: Partial<CompanyFields> & { parent_company_id?: string | null },
    ): Promise<void> {
      await db
        .updateTable('companies')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Removes a company nothing points to any more (no user, deleted ones included; no branch, group or vehicle):
     * the company a rolled-back sign-up made. Answers whether it was removed; one still in use is left as it is.
     */
    async deleteUnusedCompany(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('companies as c')
        .where('c.id', '=', id)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('users')
                .select('id')
                .whereRef('users.company_id', '=', 'c.id')
                .unionAll(selectFrom('companies as b').select('b.id').whereRef('b.parent_company_id', '=', 'c.id'))
                .unionAll(selectFrom('groups').select('groups.id').whereRef('groups.company_id', '=', 'c.id'))
                .unionAll(selectFrom('contents').select('contents.id').whereRef('contents.company_id', '=', 'c.id')),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async setCompanyLogo(id: string, key: string | null): Promise<void> {
      await db.updateTable('companies').set({ logo_key: key, updated_at: new Date() }).where('id', '=', id).execute();
    },
  };
}
