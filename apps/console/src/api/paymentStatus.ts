import type { PaymentStatusAnswer, PrivilegeType } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';

/**
 * GET /v1/payment-status, asked once the layout has the profile. Not cached: a user who has just paid must
 * get in at once. The privilege type decides whether a 500 here is shown (it is ignored for master and super).
 */
export function usePaymentStatus(privilegeType: PrivilegeType | undefined) {
  return useQuery({
    queryKey: ['payment-status'],
    enabled: privilegeType !== undefined,
    queryFn: () =>
      apiGet<PaymentStatusAnswer>('/v1/payment-status', { errorContext: { paymentCheck: true, privilegeType } }),
    retry: false,
  });
}
