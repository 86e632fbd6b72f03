import type { UserAnswer } from '@spinyard/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { PROFILE_QUERY_KEY, type Profile } from './profile.ts';
import { sessionCache } from './sessionCache.ts';

/**
 * POST /v1/superusers/cancel/{id}: the super user cancels their own contract, terms accepted. The account becomes
 * `cancel_pending`; service and billing go on until the term end. Silent: the page puts a refusal beside the
 * checkbox it concerns.
 */
export async function cancelContract(userId: string): Promise<UserAnswer> {
  const { data } = await apiRequest<UserAnswer>(`/v1/superusers/cancel/${encodeURIComponent(userId)}`, {
    method: 'POST',
    json: { accept_terms: true },
    errors: 'silent',
  });
  return data;
}

/** The cancellation; the cached profile carries the status the account screens read: it is kept true at once. */
export function useCancelContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelContract,
    onSuccess: (data) => {
      const profile = client.getQueryData<Profile>(PROFILE_QUERY_KEY);
      if (!profile) return;
      const next: Profile = { ...profile, user: { ...profile.user, status: data.status } };
      client.setQueryData(PROFILE_QUERY_KEY, next);
      sessionCache.write('profile', next);
    },
  });
}
