import { Alert, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionAnswer } from '../../../api/billing.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { formatLongDate } from '../../../components/formatDateTime.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { useKeepPlan } from './useKeepPlan.ts';

/**
 * The contract's end on /settlements/subscription: a running contract links to the cancellation (the four warnings
 * and "I accept" live on /contract/cancel/conf); a cancelled one says when the service ends and takes the
 * cancellation back on the same plan (the server refuses within 30 days of the end: renewal_too_close_to_expiry).
 */
export function ContractEnd({ sub }: { sub: SubscriptionAnswer }) {
  const { t } = useTranslation();
  const { keep, pending, refusal } = useKeepPlan(sub);
  if (sub.status === 'active') {
    return (
      <Stack gap="xs" data-testid="contract-end">
        <Text size="sm" c="gray.7">
          {t('billingScreens.contractEnd.cancelLead')}
        </Text>
        <div>
          <LinkButton to="/contract/cancel/conf" variant="default" icon={IconFileX} testId="contract-cancel-link">
            {t('screens.contract_cancel_conf')}
          </LinkButton>
        </div>
      </Stack>
    );
  }
  if (sub.status !== 'cancel_pending') return null;
  return (
    <Stack gap="sm" data-testid="contract-end">
      <Alert color="orange" variant="light" title={t('billingScreens.contractEnd.pendingTitle')}>
        {t('billingScreens.contractEnd.pending', { date: formatLongDate(sub.end_date, currentLocale()) })}
      </Alert>
      <FormAlert message={refusal} testId="take-back-refusal" />
      <div>
        <ActionButton variant="default" icon={IconArrowBackUp} loading={pending} onClick={keep} testId="take-back">
          {t('billingScreens.contractEnd.takeBack')}
        </ActionButton>
      </div>
    </Stack>
  );
}
