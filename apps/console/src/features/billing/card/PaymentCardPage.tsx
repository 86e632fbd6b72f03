import { Alert, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@spinyard/domain';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { type CardAnswer, pendingChallenge, useAddCard, useCards, useSubscription } from '../../../api/billing.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { QueryWaitView } from '../../account/QueryWaitView.tsx';
import { SectionCard } from '../../account/SectionCard.tsx';
import { CardForm } from './CardForm.tsx';

/** The card renewals are charged to: brand, last four digits, expiry, and the warning when it ends too soon. */
export function CardOnFile({ card }: { card: CardAnswer | undefined }) {
  const { t } = useTranslation();
  if (!card) return <Text data-testid="no-card">{t('billingScreens.card.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="card-on-file">
      <Group gap="sm" wrap="nowrap">
        <IconCreditCard size={22} aria-hidden />
        <Text fw={600}>
          {t('billingScreens.card.summary', {
            brand: card.brand.toUpperCase(),
            last4: card.last4,
            month: String(card.exp_month).padStart(2, '0'),
            year: card.exp_year,
          })}
        </Text>
      </Group>
      {card.expires_before_renewal ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="card-expiring">
          {t('billingScreens.card.expiresBeforeRenewal')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The card form that replaces the card on file; an account behind on payment pays what is open with it at once. */
export function ReplaceCard({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const add = useAddCard();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      {saved ? (
        <Alert color="green" variant="light" role="status" data-testid="card-saved">
          {t('billingScreens.card.saved')}
        </Alert>
      ) : null}
      <CardForm
        submitLabel={t('billingScreens.card.save')}
        busy={add.isPending}
        refusal={refusal}
        onToken={(token) => {
          setRefusal(undefined);
          setSaved(false);
          add.mutate(token, {
            onSuccess: async () => {
              // The open amount charged with the new card may wait on the issuer's check: answered there, the
              // browser comes back to /payment-failure?confirm=1 (useConfirmOnReturn).
              const challenge = await pendingChallenge();
              if (challenge) {
                window.location.assign(challenge);
                return;
              }
              setSaved(true);
              onDone?.();
            },
            onError: (error) => setRefusal(error instanceof ApiError ? apiErrorText(error) : t('errors.general_error')),
          });
        }}
      />
    </Stack>
  );
}

/**
 * /account/payment and /settlements/payment: the card on file, what is open when the account is behind on payment,
 * and the form that replaces the card (docs/decisions.md, "Billing: screens": the two paths show the same screen).
 */
export function PaymentCardPage() {
  const { t } = useTranslation();
  const cards = useCards();
  const subscription = useSubscription();
  if (cards.isPending || cards.error) return <QueryWaitView query={cards} />;
  const current = cards.data.cards.find((c) => c.is_default);
  const sub = subscription.data;
  const open = sub && sub.status === 'past_due' ? sub.payment.open_amount : 0;
  return (
    <Stack gap="lg" maw={720}>
      <SectionCard id="card-current" title={t('billingScreens.card.currentTitle')}>
        {open > 0 && sub ? (
          <Alert color="red" variant="light" data-testid="open-amount">
            {t('billingScreens.card.openAmount', { amount: formatMoney(open, sub.currency, currentLocale()) })}
          </Alert>
        ) : null}
        <CardOnFile card={current} />
      </SectionCard>
      <SectionCard
        id="card-replace"
        title={t(current ? 'billingScreens.card.replaceTitle' : 'billingScreens.card.addTitle')}
      >
        <ReplaceCard />
      </SectionCard>
    </Stack>
  );
}
