import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hasRow } from '../sql.ts';

/** Reads of the white-label hosts: a user's host flags, companies' subdomains under their tenant's host. */
export function hostsRepo(db: Db) {
  return {
    async hostFlagsOfUser(userId: string): Promise<string[]> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .select('d.host_flags')
        .where('u.id', '=', userId)
        .executeTakeFirst();
      return row?.host_flags ?? [];
    },

    /** The company (with its domain's host) a subdomain request names; the user's own company by default. */
    companyWithHost(companyId: string) {
      return db
        .selectFrom('companies as c')
        .innerJoin('domains as d', 'd.id', 'c.domain_id')
        .select(['c.id', 'c.domain_id', 'c.subdomain', 'd.host'])
        .where('c.id', '=', companyId)
        .executeTakeFirst();
    },

    /** Whether another company of the domain already has this subdomain. */
    subdomainTaken(domainId: string, subdomain: string, exceptCompanyId: string): Promise<boolean> {
      return hasRow(
        db
          .selectFrom('companies')
          .select('id')
          .where('domain_id', '=', domainId)
          .where('subdomain', '=', subdomain)
          .where('id', '<>', exceptCompanyId)
          .limit(1),
      );
    },

    /** The active tenant host under which `label` is a company's subdomain (`label.host`), if any. */
    async tenantHostOfSubdomain(label: string, parentHost: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('companies as c')
        .innerJoin('domains as d', 'd.id', 'c.domain_id')
        .select('d.host')
        .where('c.subdomain', '=', label)
        .where(sql<string>`lower(d.host)`, '=', parentHost)
        .where('d.status', '=', 'active')
        .limit(1)
        .executeTakeFirst();
      return row?.host;
    },
  };
}
