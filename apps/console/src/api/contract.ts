import { apiRequest } from './client.ts';
import { PROFILE_QUERY_KEY, type Profile } from './profile.ts';
import { queryClient } from './queryClient.ts';
import { sessionCache } from './sessionCache.ts';

/**
 * POST /v1/superusers/cancel/{id}: the super user cancels their own contract, terms accepted. The account becomes
 * `cancel_pending`; service and billing go on until the term end. Silent: the page puts a refusal beside the
 * checkbox it concerns.
 */
export async function cancelContract(userId: string): Promise<{ status: string }> {
  const { data } = await apiRequest<{ status: string }>(`/v1/superusers/cancel/${encodeURIComponent(userId)}`, {
    method: 'POST',
    json: { accept_terms: true },
    errors: 'silent',
  });
  // The cached profile carries the status the account screens read: keep it true at once.
  const profile = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY);
  if (profile) {
    const next: Profile = { ...profile, user: { ...profile.user, status: data.status } };
    queryClient.setQueryData(PROFILE_QUERY_KEY, next);
    sessionCache.write('profile', next);
  }
  return data;
}
