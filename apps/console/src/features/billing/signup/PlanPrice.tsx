import { Stack, Text } from '@mantine/core';
import { formatMoney, type PlanFormCurrency, type PlanInterval, TAX_RATE, taxOf } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/locale.ts';

const INTERVAL_KEYS = {
  day: 'billingScreens.interval.day',
  week: 'billingScreens.interval.week',
  month: 'billingScreens.interval.month',
  year: 'billingScreens.interval.year',
} as const;

/** "per month" and its siblings, for a plan's interval. */
export function useIntervalText() {
  const { t } = useTranslation();
  return (interval: PlanInterval) => t(INTERVAL_KEYS[interval]);
}

/** A plan's price: the amount with tax large, the amount without tax and the tax beside it, per interval. */
export function PlanPrice({
  amount,
  currency,
  interval,
}: {
  amount: number;
  currency: PlanFormCurrency;
  interval: PlanInterval;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const intervalText = useIntervalText();
  const tax = taxOf(amount, TAX_RATE);
  return (
    <Stack gap={2}>
      <Text fw={700} size="xl" data-testid="plan-price">
        {formatMoney(amount + tax, currency, locale)}
        <Text span size="sm" fw={400} c="gray.7">
          {' '}
          {t('billingScreens.price.withTax')} / {intervalText(interval)}
        </Text>
      </Text>
      <Text size="sm" c="gray.7">
        {t('billingScreens.price.withoutTax', { amount: formatMoney(amount, currency, locale) })}
      </Text>
    </Stack>
  );
}
