import { DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** GET /v1/companycode/{host}; any failure falls back silently to 0006, so it never shows a message. */
export async function fetchCompanyCode(hostname: string): Promise<string> {
  try {
    return await sessionCache.getOrLoad(`companycode.${hostname}`, async () => {
      const answer = await apiGet<{ company_code?: unknown }>(`/v1/companycode/${encodeURIComponent(hostname)}`, {
        auth: 'none',
        errors: 'silent',
      });
      if (typeof answer.company_code !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(answer.company_code)) {
        throw new Error('No usable company code');
      }
      return answer.company_code;
    });
  } catch {
    return DEFAULT_COMPANY_CODE;
  }
}

export function useCompanyCode() {
  const hostname = window.location.hostname;
  return useQuery({
    queryKey: ['companycode', hostname],
    queryFn: () => fetchCompanyCode(hostname),
    staleTime: 5 * 60 * 1000,
  });
}
