import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { type SubscriptionAnswer, useSubscribe } from '../../../api/billing.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { formatLongDate } from '../../../components/formatDateTime.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';

/**
 * The contract's end on /settlements/subscription: a running contract links to the cancellation (the four warnings
 * and "I accept" live on /contract/cancel/conf); a cancelled one says when the service ends and takes the
 * cancellation back on the same plan (the server refuses within 30 days of the end: renewal_too_close_to_expiry).
 */
export function ContractEnd({ sub }: { sub: SubscriptionAnswer }) {
  const { t } = useTranslation();
  const subscribe = useSubscribe();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | undefined>();
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
  const takeBack = () => {
    setRefusal(undefined);
    subscribe.mutate(
      { plan_id: sub.plan.id, request_id: requestId },
      {
        onSuccess: () => setRequestId(crypto.randomUUID()),
        onError: (error) => setRefusal(error instanceof ApiError ? apiErrorText(error) : t('errors.general_error')),
      },
    );
  };
  return (
    <Stack gap="sm" data-testid="contract-end">
      <Alert color="orange" variant="light" title={t('billingScreens.contractEnd.pendingTitle')}>
        {t('billingScreens.contractEnd.pending', { date: formatLongDate(sub.end_date, currentLocale()) })}
      </Alert>
      <FormAlert message={refusal} testId="take-back-refusal" />
      <div>
        <Button
          variant="default"
          onClick={takeBack}
          loading={subscribe.isPending}
          leftSection={<IconArrowBackUp size={18} aria-hidden />}
          data-testid="take-back"
        >
          {t('billingScreens.contractEnd.takeBack')}
        </Button>
      </div>
    </Stack>
  );
}
