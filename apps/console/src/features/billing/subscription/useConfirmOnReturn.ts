import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirmChallenge } from '../../../api/billing.ts';

/**
 * Back from a 3-D Secure challenge (?confirm=1, the return address the server gave the issuer): the waiting
 * payment is read again once, then the address loses its mark; `onPaid` follows a confirmed payment.
 */
export function useConfirmOnReturn(onPaid?: () => void) {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmChallenge();
  const sent = useRef(false);
  useEffect(() => {
    if (params.get('confirm') !== '1' || sent.current) return;
    sent.current = true;
    confirm.mutate(undefined, {
      onSuccess: () => onPaid?.(),
      onSettled: () => setParams({}, { replace: true }),
    });
  }, [params, setParams, confirm, onPaid]);
  return confirm;
}
