import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Where a new user goes: the product's domain, a domain, a company of it, and whether the e-mail is free. */
export function placementRepo(db: Db) {
  return {
    /**
     * The product's own domain: the one its operator (master) belongs to. Self-registered customers are created
     * there; it is also what makes a user "product-branded".
     */
    productDomain() {
      return db
        .selectFrom('users as m')
        .innerJoin('domains as d', 'd.id', 'm.domain_id')
        .select(['d.id', 'd.host', 'd.service_name'])
        .where('m.privilege_type', '=', 'master')
        .where('m.deleted_at', 'is', null)
        .orderBy('m.id')
        .limit(1)
        .executeTakeFirst();
    },

    findDomain(domainId: string) {
      return db
        .selectFrom('domains')
        .select(['id', 'host', 'service_name', 'options', 'host_flags', 'status'])
        .where('id', '=', domainId)
        .executeTakeFirst();
    },

    /** A company of the domain: the given one, or its first headquarters. */
    findCompany(domainId: string, companyId?: string) {
      let q = db
        .selectFrom('companies')
        .select(['id', 'name', 'kind'])
        .where('domain_id', '=', domainId)
        .orderBy('id')
        .limit(1);
      q = companyId ? q.where('id', '=', companyId) : q.where('kind', '=', 'headquarters');
      return q.executeTakeFirst();
    },

    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      let q = db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null);
      if (exceptUserId) q = q.where('id', '<>', exceptUserId);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
