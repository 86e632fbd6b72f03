import { Alert, Button, Stack } from '@mantine/core';
import { IconCreditCard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../auth/AuthCard.tsx';

/** /payment-failure: the account's payment failed; update it (plan selection) or sign out. */
export function PaymentFailurePage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('screens.payment_failure')} width={520}>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconCreditCard aria-hidden />}>
          {t('paymentFailure.body')}
        </Alert>
        <Button component={Link} to="/user/plan" size="md" leftSection={<IconCreditCard size={18} aria-hidden />}>
          {t('paymentFailure.updatePayment')}
        </Button>
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
