import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { LocalCardToken } from '@spinyard/domain';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCardTokenConfig } from '../../../api/billing.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { QueryWaitView } from '../../account/QueryWaitView.tsx';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { type CARD_FIELDS, cardFormSchema, rememberTypedCard, typedCardValues } from './cardForm.ts';
import { cardTokenizerFor } from './cardTokenizer.ts';

const NAME_KEYS = {
  number: 'billingScreens.card.number',
  exp_month: 'billingScreens.card.expMonth',
  exp_year: 'billingScreens.card.expYear',
  cvc: 'billingScreens.card.cvc',
} as const;

const RULE_KEYS = {
  required: 'billingScreens.card.rules.required',
  format: 'billingScreens.card.rules.format',
  luhn: 'billingScreens.card.rules.luhn',
  expired: 'billingScreens.card.rules.expired',
} as const;

/**
 * The card form: the gateway's script (cardTokenizer) turns the card into a token in the browser and `onToken`
 * gets it; the number never leaves the page. What was typed is kept in memory, so a card the server refuses is
 * corrected (usually the expiry) without typing the number again (docs/decisions.md, "Billing: screens").
 */
export function CardForm({
  submitLabel,
  busy,
  refusal,
  onToken,
}: {
  submitLabel: string;
  busy?: boolean;
  /** The server's refusal of the last token (a card error in the user's language). */
  refusal?: string | undefined;
  onToken: (token: string, card: LocalCardToken) => void;
}) {
  const { t } = useTranslation();
  const config = useCardTokenConfig();
  const form = useZodForm(cardFormSchema, {
    defaultValues: typedCardValues(),
    nameKeys: NAME_KEYS,
    message: (error) => {
      const key = RULE_KEYS[error.message as keyof typeof RULE_KEYS];
      return key ? t(key, { field: t(NAME_KEYS[error.field as keyof typeof NAME_KEYS]) }) : undefined;
    },
  });
  const tokenizer = config.data ? cardTokenizerFor(config.data) : null;

  const onSubmit = form.handleSubmit(async (values) => {
    rememberTypedCard(values);
    if (!tokenizer) return;
    const result = await tokenizer(values);
    if (result.ok) onToken(result.token, result.card);
  });

  // The form is drawn once the gateway is known, never with its button busy on arrival: the button's label slid
  // back in after the load, and the console sweep read it cut mid-slide (/user/payment, /settlements/payment).
  if (config.isPending || config.error) return <QueryWaitView query={config} />;
  if (config.data && !tokenizer) {
    return (
      <Alert color="yellow" variant="light" data-testid="card-unavailable">
        {t('billingScreens.card.unavailable')}
      </Alert>
    );
  }

  const field = (name: (typeof CARD_FIELDS)[number], autoComplete: string, inputMode: 'numeric') => (
    <TextInput
      {...form.field(name)}
      label={t(NAME_KEYS[name])}
      autoComplete={autoComplete}
      inputMode={inputMode}
      withAsterisk
      aria-required
      size="md"
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('billingScreens.card.formLabel')}>
      <Stack gap="md">
        <FormAlert message={refusal} testId="card-refusal" />
        {field('number', 'cc-number', 'numeric')}
        {/* Two to a row, one on a phone: three abreast (in the sign-up's narrow card, or two on a phone) broke the labels
            mid-word ("セキュリティコー / ド") and left the asterisk alone on a line. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {field('exp_month', 'cc-exp-month', 'numeric')}
          {field('exp_year', 'cc-exp-year', 'numeric')}
          {field('cvc', 'cc-csc', 'numeric')}
        </SimpleGrid>
        <Group gap={6} wrap="nowrap">
          <IconLock size={16} aria-hidden />
          <Text size="sm" c="gray.7">
            {t('billingScreens.card.secure')}
          </Text>
        </Group>
        <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconCreditCard size={18} aria-hidden />}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
