import { type CompanyCodeAnswer, DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** What a host shows before anyone signs in: its company code (the logo) and service name (title, footer). */
export interface HostBrand {
  companyCode: string;
  /** Empty for the product's own host and for any host that is not an active tenant. */
  serviceName: string;
  /** Whether the company code's own logo exists: when not, the product's is shown without asking for it (a 404). */
  hasLogo: boolean;
}

const FALLBACK: HostBrand = { companyCode: DEFAULT_COMPANY_CODE, serviceName: '', hasLogo: true };

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
      // A server that does not say is asked for the logo, as before.
      return { companyCode: code, serviceName: name.trim(), hasLogo: answer?.has_logo !== false };
    });
  } catch {
    return FALLBACK;
  }
}

export async function fetchCompanyCode(hostname: string): Promise<string> {
  return (await fetchHostBrand(hostname)).companyCode;
}

/** The host's brand, asked once per page load (and kept in the session cache across loads). */
const brands = new Map<string, Promise<HostBrand>>();
const known = new Map<string, HostBrand>();

function hostBrandOf(hostname: string): Promise<HostBrand> {
  let brand = brands.get(hostname);
  if (!brand) {
    brand = fetchHostBrand(hostname).then((answer) => {
      known.set(hostname, answer);
      return answer;
    });
    brands.set(hostname, brand);
  }
  return brand;
}

/**
 * The brand of this host, `isPending` until it is known. Not a TanStack query: the sign-in layout uses it, and the
 * sign-in page, the first page of most visits, goes without the query library (app/QueryLayer.tsx); the answer
 * never fails (fetchHostBrand falls back) and never changes during a visit, so one shared promise is the cache.
 */
export function useHostBrand(): { data: HostBrand | undefined; isPending: boolean } {
  const hostname = window.location.hostname;
  const [brand, setBrand] = useState(() => known.get(hostname));
  useEffect(() => {
    let current = true;
    void hostBrandOf(hostname).then((answer) => {
      if (current) setBrand(answer);
    });
    return () => {
      current = false;
    };
  }, [hostname]);
  return { data: brand, isPending: brand === undefined };
}

export function useCompanyCode(): { data: string | undefined; hasLogo: boolean; isPending: boolean } {
  const brand = useHostBrand();
  return { data: brand.data?.companyCode, hasLogo: brand.data?.hasLogo ?? true, isPending: brand.isPending };
}
