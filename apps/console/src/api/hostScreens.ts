import type { SubdomainAnswer, SubdomainBody, UsergroupsAnswer } from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';

/**
 * The two content-API calls issue 22 names beside the listing link (second document section 7): `/usergroups` (the
 * groups of users: each admin with their normal users) and `/subdomain` (the company's own address under its
 * tenant's host), for the screens that show them.
 */

export const hostScreenKeys = {
  usergroups: (q: string) => ['usergroups', q] as const,
  subdomain: ['subdomain'] as const,
};

export function useUsergroups(q: string) {
  return useQuery({
    queryKey: hostScreenKeys.usergroups(q),
    queryFn: () => apiGet<UsergroupsAnswer>(`${CONTENT_API_BASE}/usergroups`, { query: q ? { q } : {} }),
  });
}

export function useSubdomain() {
  return useQuery({
    queryKey: hostScreenKeys.subdomain,
    queryFn: () => apiGet<SubdomainAnswer>(`${CONTENT_API_BASE}/subdomain`),
  });
}

/** Sets or removes (empty) the subdomain; the form shows a refusal beside its field, so the call is silent. */
export function useSaveSubdomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubdomainBody) =>
      (
        await apiRequest<SubdomainAnswer>(`${CONTENT_API_BASE}/subdomain`, {
          method: 'POST',
          json: body,
          errors: 'silent',
        })
      ).data,
    onSuccess: (answer) => client.setQueryData(hostScreenKeys.subdomain, answer),
  });
}
