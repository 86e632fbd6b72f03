import type { TenancyRepo } from './repo.ts';

/** The product's own company code, answered for every host that is not a registered tenant. */
export const DEFAULT_COMPANY_CODE = '0006';

// A host name as a browser sends it: letters, digits, dots and hyphens, optionally a port.
const HOST_PATTERN = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

export function tenancyService(deps: { repo: TenancyRepo }) {
  return {
    async companyCodeForHost(host: string): Promise<string> {
      const bare = host.trim().toLowerCase();
      if (!HOST_PATTERN.test(bare)) return DEFAULT_COMPANY_CODE;
      const withoutPort = bare.replace(/:\d+$/, '');
      return (await deps.repo.companyCodeForHost(withoutPort)) ?? DEFAULT_COMPANY_CODE;
    },
  };
}

export type TenancyService = ReturnType<typeof tenancyService>;
