import { COUNTED_PUBLICATIONS, splitKeywords } from '@spinyard/domain';
import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { likePattern } from '../sql.ts';

export type CompanyKind = CompanyRow['kind'];

/** The editable columns of a company (everything the Company entity names except the logo). */
export interface CompanyFields {
  name: string;
  corporate_code: string;
  store_code: string;
  zip1: string;
  zip2: string;
  prefecture: number | null;
  state: string;
  city: string;
  street: string;
  tel: string;
  country: string;
  credit_notation: string;
  subdomain: string;
}

export function tenancyRepo(db: Db) {
  const registeredVehicles = (domainId: Expression<string>) =>
    db
      .selectFrom('contents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('contents.domain_id', '=', domainId)
      .where('contents.publication', 'in', COUNTED_PUBLICATIONS);

  return {
    async companyCodeForHost(host: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('domains')
        .select('company_code')
        .where(sql<string>`lower(host)`, '=', host.toLowerCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row?.company_code;
    },

    /** The company code and service name of an active tenant's host (the login screens' brand). */
    brandForHost(host: string) {
      return db
        .selectFrom('domains')
        .select(['company_code', 'service_name'])
        .where(sql<string>`lower(host)`, '=', host.toLowerCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    findDomainByHost(host: string) {
      return db
        .selectFrom('domains')
        .selectAll()
        .where(sql<string>`lower(host)`, '=', host.toLowerCase())
        .executeTakeFirst();
    },

    async insertDomain(values: {
      host: string;
      companyCode: string;
      serviceName: string;
      options: object;
      hostFlags?: readonly string[];
    }) {
      return db
        .insertInto('domains')
        .values({
          host: values.host,
          company_code: values.companyCode,
          service_name: values.serviceName,
          options: JSON.stringify(values.options),
          host_flags: [...(values.hostFlags ?? [])],
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertCompany(values: {
      domainId: string;
      name: string;
      parentCompanyId?: string;
      kind?: CompanyKind;
      fields?: Partial<CompanyFields>;
    }) {
      return db
        .insertInto('companies')
        .values({
          ...values.fields,
          domain_id: values.domainId,
          name: values.name,
          parent_company_id: values.parentCompanyId ?? null,
          kind: values.kind ?? 'headquarters',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    // ---- Domains ----------------------------------------------------------------------------------------------

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
      const row = await db
        .selectFrom('domains')
        .select('id')
        .where('company_code', '=', companyCode)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listDomains(filter: { q?: string | undefined; offset: number; limit: number }) {
      let query = db.selectFrom('domains as d');
      for (const word of splitKeywords(filter.q ?? '')) {
        const pattern = likePattern(word);
        query = query.where((eb) =>
          eb.or([
            eb('d.host', 'ilike', pattern),
            eb('d.company_code', 'ilike', pattern),
            eb('d.service_name', 'ilike', pattern),
          ]),
        );
      }
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

    /** The domain's super users (its registered admins), oldest first. */
    superUsersOf(domainId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'status', 'company_id'])
        .where('domain_id', '=', domainId)
        .where('privilege_type', '=', 'super')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    async hasMasterUser(domainId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('privilege_type', '=', 'master')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async markDomainDeleting(id: string, at: Date): Promise<void> {
      await db
        .updateTable('domains')
        .set({ status: 'deleting', deletion_requested_at: at, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async domainsDueForPurge(requestedBefore: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('domains')
        .select('id')
        .where('status', '=', 'deleting')
        .where('deletion_requested_at', '<=', requestedBefore)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Blob keys the domain's rows point to, read before the rows go so the files can follow them. */
    async blobKeysOfDomain(domainId: string): Promise<string[]> {
      const domain = await db
        .selectFrom('domains')
        .select(['logo_key', 'splash_key', 'round_logo_key'])
        .where('id', '=', domainId)
        .executeTakeFirst();
      const companies = await db
        .selectFrom('companies')
        .select('logo_key')
        .where('domain_id', '=', domainId)
        .where('logo_key', 'is not', null)
        .execute();
      return [domain?.logo_key, domain?.splash_key, domain?.round_logo_key, ...companies.map((c) => c.logo_key)].filter(
        (k): k is string => typeof k === 'string',
      );
    },

    /**
     * Deletes a domain's companies and the domain itself, once the areas that own the other rows of its tenants
     * (users, contents) have deleted theirs in the same transaction. Parent companies go in the same statement as
     * their branches, which PostgreSQL checks at the statement's end.
     */
    async purgeDomainRows(domainId: string): Promise<void> {
      await db.deleteFrom('companies').where('domain_id', '=', domainId).execute();
      await db.deleteFrom('domains').where('id', '=', domainId).execute();
    },

    // ---- Companies --------------------------------------------------------------------------------------------

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
      for (const word of splitKeywords(filter.q ?? '')) {
        const pattern = likePattern(word);
        query = query.where((eb) =>
          eb.or([
            eb('c.name', 'ilike', pattern),
            eb('c.corporate_code', 'ilike', pattern),
            eb('c.store_code', 'ilike', pattern),
            eb('c.city', 'ilike', pattern),
          ]),
        );
      }
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

    async setCompanyLogo(id: string, key: string | null): Promise<void> {
      await db.updateTable('companies').set({ logo_key: key, updated_at: new Date() }).where('id', '=', id).execute();
    },

    // ---- Users (the e-mail of a new domain's super user) ------------------------------------------------------

    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type TenancyRepo = ReturnType<typeof tenancyRepo>;
