import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePaymentStatus } from '../../api/paymentStatus.ts';
import type { Profile } from '../../api/profile.ts';

/** After the layout loads: an account whose payment failed can only reach the payment-failure screen. */
export function usePaymentRedirect(profile: Profile | undefined): void {
  const navigate = useNavigate();
  const status = usePaymentStatus(profile?.user.privilege_type);
  const unpaid = status.data?.is_payment === false;
  useEffect(() => {
    if (unpaid) void navigate('/payment-failure', { replace: true });
  }, [unpaid, navigate]);
}
