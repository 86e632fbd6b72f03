import { Alert, Button, Stack } from '@mantine/core';
import { IconCreditCard, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../auth/AuthCard.tsx';
import { FormAlert } from '../auth/FormAlert.tsx';
import { ReplaceCard } from '../billing/card/PaymentCardPage.tsx';
import { useConfirmOnReturn } from '../billing/subscription/useConfirmOnReturn.ts';

/**
 * /payment-failure: the account's payment failed. "Update payment" opens the card form here, outside the payment
 * gate: the new card pays what is open at once and the dealer is back in the console with nothing lost.
 */
export function PaymentFailurePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [updating, setUpdating] = useState(false);
  const backIn = () => {
    void client.invalidateQueries({ queryKey: ['payment-status'] }).then(() => navigate('/'));
  };
  // Back from the issuer's 3-D Secure page for the open amount: confirmed, the dealer is back in.
  const returned = useConfirmOnReturn(backIn);
  return (
    <AuthCard title={t('screens.payment_failure')} width={520}>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconCreditCard aria-hidden />}>
          {t('paymentFailure.body')}
        </Alert>
        <FormAlert message={returned.isError ? t('billingScreens.subscription.challengeFailed') : undefined} />
        {updating ? (
          <ReplaceCard onDone={backIn} />
        ) : (
          <Button
            size="md"
            onClick={() => setUpdating(true)}
            leftSection={<IconCreditCard size={18} aria-hidden />}
            data-testid="update-payment"
          >
            {t('paymentFailure.updatePayment')}
          </Button>
        )}
        <Button
          component={Link}
          to="/logout"
          size="md"
          variant="default"
          leftSection={<IconLogout size={18} aria-hidden />}
        >
          {t('paymentFailure.backToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
