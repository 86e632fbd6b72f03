import { Alert, Loader, Text } from '@mantine/core';
import { type CancellationPreviewAnswer, formatMoney } from '@spinyard/domain';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ContractHolder, useCancellationPreview } from '../../api/contract.ts';
import { formatLongDate } from '../../components/formatDateTime.ts';
import { currentLocale } from '../../i18n/locale.ts';

/**
 * The date the service would end and the renewals still charged before it, from the server's preview (the same
 * computation as the cancellation), so the dealer knows both before confirming rather than only after.
 */
export function CancellationTerms({ holder, userId }: { holder: ContractHolder; userId: string }) {
  const { t } = useTranslation();
  const preview = useCancellationPreview(holder, userId);
  if (preview.isPending) return <Loader size="sm" aria-label={t('contract.cancel.preview.loading')} />;
  // A refusal (a contract behind on payment) is what the cancel button would answer too: it says it there.
  if (!preview.data) return null;
  const locale = currentLocale();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconCalendarEvent size={20} aria-hidden />}
      // A super user's contract is not charged by card here: the title promises only the date.
      title={t(preview.data.charges ? 'contract.cancel.preview.title' : 'contract.cancel.preview.titleEndOnly')}
      data-testid="contract-cancel-preview"
    >
      <Text size="sm" fw={700} data-testid="contract-cancel-end">
        {t('contract.cancel.preview.endsOn', { date: formatLongDate(preview.data.service_ends_at, locale) })}
      </Text>
      {preview.data.charges && (
        <Text size="sm" mt="xs" data-testid="contract-cancel-charges">
          {chargesText(preview.data.charges, locale, t)}
        </Text>
      )}
    </Alert>
  );
}

type Charges = NonNullable<CancellationPreviewAnswer['charges']>;

function chargesText(charges: Charges, locale: string, t: ReturnType<typeof useTranslation>['t']): string {
  const [first] = charges;
  const last = charges.at(-1);
  if (!first || !last) return t('contract.cancel.preview.noCharge');
  const amount = formatMoney(first.total_with_tax, first.currency, locale);
  if (charges.length === 1) {
    return t('contract.cancel.preview.oneCharge', { date: formatLongDate(first.charged_at, locale), amount });
  }
  const sum = charges.reduce((total, charge) => total + charge.total_with_tax, 0);
  return t('contract.cancel.preview.manyCharges', {
    count: charges.length,
    first: formatLongDate(first.charged_at, locale),
    last: formatLongDate(last.charged_at, locale),
    amount,
    total: formatMoney(sum, first.currency, locale),
  });
}
