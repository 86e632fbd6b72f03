import type {
  CardAnswer,
  CardTokenAnswer,
  OfferedPlansAnswer,
  SubscribeBody,
  SubscriptionAnswer,
  UsageQuotaAnswer,
} from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
import { apiGet, apiRequest } from './client.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The dealer's billing calls (apps/server/src/modules/billing/routes.ts, the public GET /v1/plans/offered and
 * GET /v1/card-token). Writes are silent: the screens put a card's refusal beside the card form.
 */

export type { CardAnswer, OfferedPlan, SubscriptionAnswer, UsageQuotaAnswer } from '@spinyard/domain';

export const billingKeys = {
  all: ['billing'] as const,
  offered: ['billing', 'offered'] as const,
  cardToken: ['billing', 'card-token'] as const,
  cards: ['billing', 'cards'] as const,
  subscription: ['billing', 'subscription'] as const,
  quota: ['billing', 'quota'] as const,
};

export function useOfferedPlans() {
  return useQuery({
    queryKey: billingKeys.offered,
    queryFn: () => apiGet<OfferedPlansAnswer>('/v1/plans/offered', { auth: 'none' }),
    staleTime: 60_000,
  });
}

/** Which gateway's browser script turns a card into a token, and its public key. */
export function useCardTokenConfig() {
  return useQuery({
    queryKey: billingKeys.cardToken,
    queryFn: () => apiGet<CardTokenAnswer>('/v1/card-token', { auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCards() {
  return useQuery({
    queryKey: billingKeys.cards,
    queryFn: () => apiGet<{ cards: CardAnswer[] }>('/v1/credit-cards'),
  });
}

/** The contract, or null for an account that never had one (the server answers 404). */
export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: async () => {
      try {
        return await apiGet<SubscriptionAnswer>('/v1/subscription', { errors: 'silent' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useUsageQuota() {
  return useQuery({ queryKey: billingKeys.quota, queryFn: () => apiGet<UsageQuotaAnswer>('/v1/usage-quota') });
}

async function addCard(token: string): Promise<CardAnswer> {
  return (await apiRequest<CardAnswer>('/v1/credit-cards', { method: 'POST', json: { token }, errors: 'silent' })).data;
}

/**
 * The 3-D Secure challenge the open amount waits on, if any: a card saved while behind on payment pays
 * what is open at once, and the issuer may ask the payer to confirm that charge first (GET /subscription names it).
 */
export async function pendingChallenge(): Promise<string | null> {
  const sub = await apiGet<SubscriptionAnswer>('/v1/subscription', { errors: 'silent' }).catch(() => null);
  return sub?.status === 'past_due' && sub.payment.state === 'requires_action' ? sub.payment.challenge_url : null;
}

async function subscribe(body: SubscribeBody): Promise<SubscriptionAnswer> {
  return (await apiRequest<SubscriptionAnswer>('/v1/subscription', { method: 'POST', json: body, errors: 'silent' }))
    .data;
}

async function confirmChallenge(): Promise<SubscriptionAnswer> {
  return (await apiRequest<SubscriptionAnswer>('/v1/subscription/confirm', { method: 'POST', errors: 'silent' })).data;
}

// A card or a plan change moves the card list, the contract, the quota and the payment gate: all are read again.
export function useAddCard() {
  return useRefetchingWrite(billingKeys.all, addCard);
}

export function useSubscribe() {
  return useRefetchingWrite(billingKeys.all, subscribe);
}

export function useConfirmChallenge() {
  return useRefetchingWrite(billingKeys.all, confirmChallenge);
}
