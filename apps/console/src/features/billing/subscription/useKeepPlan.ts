import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { type SubscriptionAnswer, useSubscribe } from '../../../api/billing.ts';
import { apiErrorText } from '../../../api/errorText.ts';

/**
 * Subscribing again to the contract's own plan: the server reads it as "keep what I have", which takes back a
 * cancellation (until 30 days before the end) or a downgrade waiting for the period's end. One request id per press
 * that went through, so a double click is one request.
 */
export function useKeepPlan(sub: SubscriptionAnswer) {
  const { t } = useTranslation();
  const subscribe = useSubscribe();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | undefined>();
  const keep = () => {
    setRefusal(undefined);
    subscribe.mutate(
      { plan_id: sub.plan.id, request_id: requestId },
      {
        onSuccess: () => setRequestId(crypto.randomUUID()),
        onError: (error) => setRefusal(error instanceof ApiError ? apiErrorText(error) : t('errors.general_error')),
      },
    );
  };
  return { keep, pending: subscribe.isPending, refusal };
}
