import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { hasRow } from '../sql.ts';
import { companiesRepo } from './companies-repo.ts';
import { domainDeletionRepo } from './domain-deletion-repo.ts';
import { domainsRepo } from './domains-repo.ts';

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

/**
 * SQL of the tenancy area: hosts, domains, companies. Domains, their deletion and companies each live in their own
 * file; callers get one repository of the area.
 */
export function tenancyRepo(db: Db) {
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

    /**
     * The company code and service name of an active tenant's host (the login screens' brand), and whether its own
     * company (the first headquarters, whose logo is published as `company_logo_{code}.png`) has a logo.
     */
    brandForHost(host: string) {
      return db
        .selectFrom('domains as d')
        .select((eb) => [
          'd.company_code',
          'd.service_name',
          eb
            .selectFrom('companies as c')
            .select((c) => c('c.logo_key', 'is not', null).as('has'))
            .whereRef('c.domain_id', '=', 'd.id')
            .where('c.kind', '=', 'headquarters')
            .orderBy('c.id')
            .limit(1)
            .as('has_logo'),
        ])
        .where(sql<string>`lower(d.host)`, '=', host.toLowerCase())
        .where('d.status', '=', 'active')
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

    ...domainsRepo(db),

    // ---- Users of a domain (read here; the users area writes them) ----------------------------------------------

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
      return hasRow(
        db
          .selectFrom('users')
          .select('id')
          .where('domain_id', '=', domainId)
          .where('privilege_type', '=', 'master')
          .limit(1),
      );
    },

    ...domainDeletionRepo(db),

    ...companiesRepo(db),

    async emailTaken(email: string): Promise<boolean> {
      return hasRow(
        db
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(email)`, '=', email.toLowerCase())
          .where('deleted_at', 'is', null),
      );
    },
  };
}

export type TenancyRepo = ReturnType<typeof tenancyRepo>;
