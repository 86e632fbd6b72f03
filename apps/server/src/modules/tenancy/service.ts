import { type CompanyCodeAnswer, DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import type { TenancyServiceDeps } from './common.ts';
import { companiesService } from './companies-service.ts';
import { domainImagesService } from './domain-images-service.ts';
import { domainsService } from './domains-service.ts';
import { hostsRepo } from './hosts-repo.ts';
import { tenancyRepo } from './repo.ts';

export type { Paging, TenancyServiceDeps } from './common.ts';
export type { CompanyPatch } from './companies-service.ts';
export type { DomainImageKind } from './domain-images-service.ts';
export type { DomainBulkUpdateInput, DomainCreateInput, DomainUpdateInput } from './domains-service.ts';
export { DEFAULT_COMPANY_CODE };

// A host name as a browser sends it: letters, digits, dots and hyphens, optionally a port.
const HOST_PATTERN = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

/** A host as the lookup compares it (lower case, no port, no trailing dot), or undefined when it is no host name. */
function bareHost(host: string): string | undefined {
  const bare = host.trim().toLowerCase();
  if (!HOST_PATTERN.test(bare)) return undefined;
  return bare.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The tenancy area: the public company-code lookup, domains (master) and companies. */
export function tenancyService(deps: TenancyServiceDeps) {
  const repo = tenancyRepo(deps.db);
  /**
   * What a lookup finds for a host: the tenant whose host it is, else the tenant under whose host it is a company's
   * subdomain (`shop.dealer.example` stands for `dealer.example`).
   */
  async function forHost<T>(host: string, find: (host: string) => Promise<T | undefined>): Promise<T | undefined> {
    const own = await find(host);
    const dot = host.indexOf('.');
    if (own !== undefined || dot <= 0) return own;
    const tenant = await hostsRepo(deps.db).tenantHostOfSubdomain(host.slice(0, dot), host.slice(dot + 1));
    return tenant === undefined ? undefined : find(tenant);
  }
  return {
    /** Public: the company code of a host (the sidebar logo); 0006 for anything that is not an active tenant. */
    async companyCodeForHost(host: string): Promise<string> {
      const bare = bareHost(host);
      if (!bare) return DEFAULT_COMPANY_CODE;
      return (await forHost(bare, repo.companyCodeForHost)) ?? DEFAULT_COMPANY_CODE;
    },
    /**
     * Public: the company code and service name a host shows before sign-in (logo, title, footer). Anything that
     * is not an active tenant gets 0006 and no name, so the console shows the product's own.
     */
    async brandForHost(host: string): Promise<CompanyCodeAnswer> {
      // The product's logo (0006) is a default asset: it always exists.
      const product = { company_code: DEFAULT_COMPANY_CODE, service_name: '', has_logo: true };
      const bare = bareHost(host);
      if (!bare) return product;
      const row = await forHost(bare, repo.brandForHost);
      if (!row) return product;
      return { company_code: row.company_code, service_name: row.service_name, has_logo: row.has_logo === true };
    },
    ...domainsService(deps),
    ...domainImagesService(deps),
    ...companiesService(deps),
  };
}

export type TenancyService = ReturnType<typeof tenancyService>;
