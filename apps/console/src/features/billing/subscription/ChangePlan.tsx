import { Alert, Button, Radio, Stack, Text } from '@mantine/core';
import { FREE_PLAN_ID, formatMoney, prorate, TAX_RATE, taxOf } from '@spinyard/domain';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { type OfferedPlan, type SubscriptionAnswer, useOfferedPlans, useSubscribe } from '../../../api/billing.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { formatLongDate } from '../../../components/formatDateTime.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { PlanPrice } from '../signup/PlanPrice.tsx';

/** What pressing the button will do, said before it is pressed. */
function ChangeNotice({ sub, plan }: { sub: SubscriptionAnswer | null; plan: OfferedPlan }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const amount = plan.amount;
  if (!sub) {
    // A first contract: the first period is charged now to the card on file.
    const first = formatMoney(amount + taxOf(amount, TAX_RATE), plan.currency, locale);
    return (
      <Alert color="blue" variant="light" data-testid="change-start">
        {t('billingScreens.subscription.startNotice', { amount: first })}
      </Alert>
    );
  }
  if (amount > sub.total_without_tax && sub.next_billing_at) {
    const { net } = prorate({
      oldAmount: sub.total_without_tax,
      newAmount: amount,
      start: new Date(sub.current_period_start),
      end: new Date(sub.next_billing_at),
      at: new Date(),
    });
    const now = formatMoney(net + taxOf(net, TAX_RATE), sub.currency, locale);
    return (
      <Alert color="blue" variant="light" data-testid="change-upgrade">
        {t('billingScreens.subscription.upgradeNotice', { amount: now })}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" data-testid="change-downgrade">
      {t('billingScreens.subscription.downgradeNotice', { date: formatLongDate(sub.next_billing_at, locale) })}
    </Alert>
  );
}

/**
 * The plan change of /settlements/subscription: the offered plans, and for the one picked what happens before the
 * button is pressed: an upgrade is charged now for the rest of the period (the prorated amount with tax, as the
 * server computes it), a downgrade starts at the period's end and can be made once a month.
 */
export function ChangePlan({ sub }: { sub: SubscriptionAnswer | null }) {
  const { t } = useTranslation();
  const offered = useOfferedPlans();
  const subscribe = useSubscribe();
  const [picked, setPicked] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | undefined>();
  const others = (offered.data?.plans ?? []).filter((p) => !sub || p.id !== sub.plan.id);
  // The server's rule (subscription-service.ts): a contract keeps its currency, but to or from the free plan.
  const switchable = (p: OfferedPlan) =>
    !sub || p.currency === sub.currency || p.id === FREE_PLAN_ID || sub.plan.id === FREE_PLAN_ID;
  const plans = others.filter(switchable);
  const otherCurrencies = [...new Set(others.filter((p) => !switchable(p)).map((p) => p.currency.toUpperCase()))];
  const plan = plans.find((p) => p.id === picked);
  const currencyNote =
    otherCurrencies.length > 0 ? (
      <Text size="sm" c="gray.7" data-testid="other-currency">
        {t('billingScreens.subscription.otherCurrency', { currencies: otherCurrencies.join(', ') })}
      </Text>
    ) : null;

  const confirm = () => {
    if (!plan) return;
    setRefusal(undefined);
    subscribe.mutate(
      { plan_id: plan.id, request_id: requestId },
      {
        onSuccess: (answer) => {
          setPicked('');
          setRequestId(crypto.randomUUID());
          if (answer.payment.state === 'requires_action' && answer.payment.challenge_url) {
            window.location.assign(answer.payment.challenge_url);
          }
        },
        onError: (error) => setRefusal(error instanceof ApiError ? apiErrorText(error) : t('errors.general_error')),
      },
    );
  };

  if (plans.length === 0) {
    return (
      <Stack gap="sm">
        <Text c="gray.7">{t('billingScreens.subscription.noOtherPlan')}</Text>
        {currencyNote}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('billingScreens.subscription.onceAMonth')}
      </Text>
      {currencyNote}
      <FormAlert message={refusal} testId="change-refusal" />
      <Radio.Group value={picked} onChange={setPicked} label={t('billingScreens.subscription.choose')}>
        <Stack gap="sm" mt="sm">
          {plans.map((p) => (
            <Radio
              key={p.id}
              value={p.id}
              label={p.name}
              description={<PlanPrice amount={p.amount} currency={p.currency} interval={p.interval} />}
            />
          ))}
        </Stack>
      </Radio.Group>
      {plan ? <ChangeNotice sub={sub} plan={plan} /> : null}
      <div>
        <Button
          onClick={confirm}
          disabled={!plan}
          loading={subscribe.isPending}
          leftSection={<IconArrowsExchange size={18} aria-hidden />}
        >
          {t('billingScreens.subscription.confirm')}
        </Button>
      </div>
    </Stack>
  );
}
