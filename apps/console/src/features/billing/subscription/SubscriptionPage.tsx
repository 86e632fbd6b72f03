import { Alert, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { type SubscriptionAnswer, useSubscription } from '../../../api/billing.ts';
import { formatLongDate } from '../../../components/formatDateTime.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { QueryWaitView } from '../../account/QueryWaitView.tsx';
import { SectionCard } from '../../account/SectionCard.tsx';
import { useIntervalText } from '../signup/PlanPrice.tsx';
import { ChangePlan } from './ChangePlan.tsx';
import { ContractEnd } from './ContractEnd.tsx';
import { ScheduledPlan } from './ScheduledPlan.tsx';
import { useConfirmOnReturn } from './useConfirmOnReturn.ts';

const STATUS_KEYS = {
  active: 'billingScreens.status.active',
  past_due: 'billingScreens.status.past_due',
  cancel_pending: 'billingScreens.status.cancel_pending',
  cancelled: 'billingScreens.status.cancelled',
  expired: 'billingScreens.status.expired',
  incomplete: 'billingScreens.status.incomplete',
} as const;

function Contract({ sub }: { sub: SubscriptionAnswer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const intervalText = useIntervalText();
  const money = (minor: number) => formatMoney(minor, sub.currency, locale);
  const rows: [string, string][] = [
    [
      t('billingScreens.subscription.plan'),
      // In the language's own brackets and words: スタンダード（月額）, Starter (per month).
      t('billingScreens.subscription.planWithInterval', {
        name: sub.plan.name,
        interval: intervalText(sub.plan.interval),
      }),
    ],
    [t('billingScreens.subscription.status'), t(STATUS_KEYS[sub.status])],
    [t('billingScreens.subscription.withoutTax'), money(sub.total_without_tax)],
    [t('billingScreens.subscription.tax'), money(sub.tax)],
    [t('billingScreens.subscription.withTax'), money(sub.total_with_tax)],
    [t('billingScreens.subscription.nextBilling'), formatLongDate(sub.next_billing_at, locale) || '-'],
    [t('billingScreens.subscription.endDate'), formatLongDate(sub.end_date, locale) || '-'],
    [
      t('billingScreens.subscription.vehicleLimit'),
      sub.vehicle_limit === null ? t('billingScreens.plan.unlimited') : String(sub.vehicle_limit),
    ],
  ];
  return (
    <Table variant="vertical" withTableBorder data-testid="subscription-table">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /settlements/subscription: the contract (plan, totals with and without tax, next billing, end date, vehicle
 * limit), a downgrade waiting for the period's end, and the plan change.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const confirm = useConfirmOnReturn();
  if (subscription.isPending || subscription.error) return <QueryWaitView query={subscription} />;
  const sub = subscription.data;
  return (
    <Stack gap="lg" maw={760}>
      {confirm.isError ? <Alert color="red">{t('billingScreens.subscription.challengeFailed')}</Alert> : null}
      <SectionCard id="subscription" title={t('billingScreens.subscription.title')}>
        {sub ? (
          <>
            <Contract sub={sub} />
            <ScheduledPlan sub={sub} />
            <ContractEnd sub={sub} />
          </>
        ) : (
          <Text data-testid="no-subscription">{t('billingScreens.subscription.none')}</Text>
        )}
        <div>
          <LinkButton to="/settlements/usagequota" variant="default">
            {t('screens.settlements_usagequota')}
          </LinkButton>
        </div>
      </SectionCard>
      {!sub || sub.status === 'active' || sub.status === 'cancel_pending' ? (
        <SectionCard id="change-plan" title={t('billingScreens.subscription.changeTitle')}>
          <ChangePlan sub={sub} />
        </SectionCard>
      ) : null}
    </Stack>
  );
}
