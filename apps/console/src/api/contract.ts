import type { CancellationPreviewAnswer, SubscriptionAnswer, UserAnswer } from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from './billing.ts';
import { apiGet, apiRequest } from './client.ts';
import { PROFILE_QUERY_KEY, type Profile } from './profile.ts';
import { sessionCache } from './sessionCache.ts';

/**
 * Who holds a contract they may cancel from /contract/cancel: a super user (the company's contract, POST
 * /superusers/cancel/{id}) or an admin paying by card (their plan's subscription, POST /subscription/cancel: the
 * roles table's "card update, contract, invoice: that user, if admin and pay-by-credit").
 */
export type ContractHolder = 'super' | 'subscriber';

export function contractHolderOf(user: Profile['user'] | undefined): ContractHolder | null {
  if (user?.privilege_type === 'super') return 'super';
  if (user?.privilege_type === 'admin' && user.is_pay_by_credit) return 'subscriber';
  return null;
}

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

/** POST /v1/subscription/cancel: the card-paying admin cancels their subscription at the term end. */
async function cancelSubscription(): Promise<SubscriptionAnswer> {
  const { data } = await apiRequest<SubscriptionAnswer>('/v1/subscription/cancel', {
    method: 'POST',
    json: { accept_terms: true },
    errors: 'silent',
  });
  return data;
}

/** The cancellation; the cached profile carries the status the account screens read: it is kept true at once. */
export function useCancelContract(holder: ContractHolder) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      if (holder === 'super') return { status: (await cancelContract(userId)).status, ends: undefined };
      const sub = await cancelSubscription();
      return { status: 'cancel_pending' as const, ends: sub.end_date };
    },
    onSuccess: ({ status, ends }) => {
      // The subscription, the quota and the gate read the contract: read again.
      void client.invalidateQueries({ queryKey: billingKeys.all });
      const profile = client.getQueryData<Profile>(PROFILE_QUERY_KEY);
      if (!profile) return;
      const user = { ...profile.user, status, ...(ends === undefined ? {} : { service_ends_at: ends }) };
      const next: Profile = { ...profile, user };
      client.setQueryData(PROFILE_QUERY_KEY, next);
      sessionCache.write('profile', next);
    },
  });
}

/**
 * What cancelling now would mean (the service end, the renewals still charged before it), from the server's
 * preview, computed by the same function as the cancellation: shown on the confirm screen before the dealer confirms.
 */
export function useCancellationPreview(holder: ContractHolder, userId: string) {
  const path =
    holder === 'super'
      ? `/v1/superusers/cancel/${encodeURIComponent(userId)}/preview`
      : '/v1/subscription/cancel/preview';
  return useQuery({
    queryKey: [...billingKeys.all, 'cancel-preview', holder, userId],
    queryFn: () => apiGet<CancellationPreviewAnswer>(path),
  });
}
