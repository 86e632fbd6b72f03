import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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

    findDomainByHost(host: string) {
      return db
        .selectFrom('domains')
        .selectAll()
        .where(sql<string>`lower(host)`, '=', host.toLowerCase())
        .executeTakeFirst();
    },

    async insertDomain(values: { host: string; companyCode: string; serviceName: string; options: object }) {
      return db
        .insertInto('domains')
        .values({
          host: values.host,
          company_code: values.companyCode,
          service_name: values.serviceName,
          options: JSON.stringify(values.options),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertCompany(values: { domainId: string; name: string; parentCompanyId?: string }) {
      return db
        .insertInto('companies')
        .values({ domain_id: values.domainId, name: values.name, parent_company_id: values.parentCompanyId ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type TenancyRepo = ReturnType<typeof tenancyRepo>;
