import type { Db } from '../../db/database.ts';
import { type CompanyFields, type CompanyKind, tenancyRepo } from './repo.ts';

/**
 * What other areas ask of the tenancy area, which alone writes `domains` and `companies`: the first start's
 * product domain (accounts) and the company of a new customer or super user (users), removed again with a sign-up
 * that was rolled back. The caller has made its
 * permission checks and hands in its transaction.
 */
export function tenantRecords(db: Db) {
  const repo = tenancyRepo(db);
  return {
    findDomainByHost: (host: string) => repo.findDomainByHost(host),
    createDomain: (values: {
      host: string;
      companyCode: string;
      serviceName: string;
      options: object;
      hostFlags?: readonly string[];
    }) => repo.insertDomain(values),
    createCompany: (values: {
      domainId: string;
      name: string;
      parentCompanyId?: string;
      kind?: CompanyKind;
      fields?: Partial<CompanyFields>;
    }) => repo.insertCompany(values),
    /** The company of a sign-up that was rolled back, once no row points to it (users detach it first). */
    removeUnusedCompany: (id: string) => repo.deleteUnusedCompany(id),
  };
}
