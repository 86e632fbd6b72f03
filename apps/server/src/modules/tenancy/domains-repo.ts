import { COUNTED_PUBLICATIONS, splitKeywords } from '@spinyard/domain';
import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hasRow, whereEveryKeyword } from '../sql.ts';

/** Domains: created under a lock, found, listed with their registered vehicles, updated. */
export function domainsRepo(db: Db) {
  const registeredVehicles = (domainId: Expression<string>) =>
    db
      .selectFrom('contents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('contents.domain_id', '=', domainId)
      .where('contents.publication', 'in', COUNTED_PUBLICATIONS);
  return {
    /**
     * Serialises domain creation for the rest of the transaction: host and company-code checks and the inserts
     * then see each other, so two operators adding the same code at once cannot both succeed (the code has no
     * unique index because older rows and fixtures share partner codes).
     */
    async lockDomainCreation(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('spinyard.tenancy.domain-create'))`.execute(db);
    },

    findDomain(id: string) {
      return db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The row, locked until the transaction ends, so checks made on it still hold when the update lands. */
    lockDomain(id: string) {
      return db.selectFrom('domains').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    lockDomains(ids: readonly string[]) {
      return db.selectFrom('domains').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
    },

    findDomainByCode(companyCode: string) {
      return db
        .selectFrom('domains')
        .selectAll()
        .where('company_code', '=', companyCode)
        .orderBy('id')
        .executeTakeFirst();
    },

    async companyCodeInUse(companyCode: string): Promise<boolean> {
      return hasRow(db.selectFrom('domains').select('id').where('company_code', '=', companyCode));
    },

    async listDomains(filter: { q?: string | undefined; offset: number; limit: number }) {
      const query = whereEveryKeyword(db.selectFrom('domains as d'), splitKeywords(filter.q ?? ''), [
        'd.host',
        'd.company_code',
        'd.service_name',
      ]);
      const [rows, count] = await Promise.all([
        query
          .selectAll('d')
          .select((eb) => registeredVehicles(eb.ref('d.id')).as('registered_vehicles'))
          .orderBy('d.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, registered_vehicles: r.registered_vehicles ?? 0 })), total: count.n };
    },

    async updateDomain(
      id: string,
      patch: { host?: string; serviceName?: string; hostFlags?: readonly string[]; options?: object },
    ): Promise<void> {
      await db
        .updateTable('domains')
        .set({
          ...(patch.host === undefined ? {} : { host: patch.host }),
          ...(patch.serviceName === undefined ? {} : { service_name: patch.serviceName }),
          ...(patch.hostFlags === undefined ? {} : { host_flags: [...patch.hostFlags] }),
          ...(patch.options === undefined ? {} : { options: JSON.stringify(patch.options) }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async setDomainImage(id: string, column: 'logo_key' | 'splash_key' | 'round_logo_key', key: string | null) {
      await db
        .updateTable('domains')
        .set({ [column]: key, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async registeredVehicleCount(domainId: string): Promise<number> {
      const row = await registeredVehicles(sql.val(domainId)).executeTakeFirstOrThrow();
      return row.n;
    },

    /** The most vehicles one user of the domain has registered (what a per-user limit must cover). */
    async maxRegisteredPerUser(domainId: string): Promise<number> {
      const row = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('contents')
            .select(sql<number>`count(*)`.as('n'))
            .where('domain_id', '=', domainId)
            .where('publication', 'in', COUNTED_PUBLICATIONS)
            .groupBy('owner_user_id')
            .as('per_user'),
        )
        .select(sql<number>`coalesce(max(per_user.n), 0)::int`.as('max'))
        .executeTakeFirstOrThrow();
      return row.max;
    },
  };
}
