import { type CompanyCodeAnswer, DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** What a host shows before anyone signs in: its company code (the logo) and service name (title, footer). */
export interface HostBrand {
  companyCode: string;
  /** Empty for the product's own host and for any host that is not an active tenant. */
  serviceName: string;
}

const FALLBACK: HostBrand = { companyCode: DEFAULT_COMPANY_CODE, serviceName: '' };

/** GET /v1/companycode/{host}; any failure falls back silently to 0006, so it never shows a message. */
export async function fetchHostBrand(hostname: string): Promise<HostBrand> {
  try {
    return await sessionCache.getOrLoad(`hostbrand.${hostname}`, async () => {
      const answer = await apiGet<Partial<CompanyCodeAnswer> | null>(
        `/v1/companycode/${encodeURIComponent(hostname)}`,
        { auth: 'none', errors: 'silent' },
      );
      // The code names logo files: anything else than a plain code is not used. The answer is checked by hand,
      // not by the domain's zod schema: this runs on the sign-in page, which would otherwise load zod for it.
      const code = answer?.company_code;
      const name = answer?.service_name;
      if (typeof code !== 'string' || typeof name !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(code)) {
        throw new Error('No usable company code');
      }
      return { companyCode: code, serviceName: name.trim() };
    });
  } catch {
    return FALLBACK;
  }
}

export async function fetchCompanyCode(hostname: string): Promise<string> {
  return (await fetchHostBrand(hostname)).companyCode;
}

export function useHostBrand() {
  const hostname = window.location.hostname;
  return useQuery({
    queryKey: ['hostbrand', hostname],
    queryFn: () => fetchHostBrand(hostname),
    staleTime: 5 * 60 * 1000,
  });
}

export function useCompanyCode() {
  const brand = useHostBrand();
  return { ...brand, data: brand.data?.companyCode };
}
