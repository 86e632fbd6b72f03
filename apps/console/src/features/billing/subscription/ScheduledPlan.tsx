import { Alert, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionAnswer } from '../../../api/billing.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { formatLongDate } from '../../../components/formatDateTime.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { useKeepPlan } from './useKeepPlan.ts';

/**
 * A downgrade waiting for the period's end, and the way to keep the current plan instead (the plan change lists
 * only the other plans, so without this a dealer who changed their mind could not say so).
 */
export function ScheduledPlan({ sub }: { sub: SubscriptionAnswer }) {
  const { t } = useTranslation();
  const { keep, pending, refusal } = useKeepPlan(sub);
  if (!sub.scheduled_plan) return null;
  return (
    <Alert color="blue" variant="light" data-testid="scheduled-plan">
      <Stack gap="sm">
        <Text size="sm">
          {t('billingScreens.subscription.scheduled', {
            plan: sub.scheduled_plan.name,
            date: formatLongDate(sub.scheduled_plan.from, currentLocale()),
          })}
        </Text>
        {/* A cancelled contract's take-back (ContractEnd) is the same call: one button, not two that do alike. */}
        {sub.status === 'active' ? (
          <>
            <FormAlert message={refusal} testId="keep-plan-refusal" />
            <div>
              <ActionButton
                variant="default"
                icon={IconArrowBackUp}
                loading={pending}
                onClick={keep}
                testId="keep-plan"
              >
                {t('billingScreens.subscription.keepPlan', { plan: sub.plan.name })}
              </ActionButton>
            </div>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
