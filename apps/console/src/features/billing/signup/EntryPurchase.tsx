import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { RegistrationAnswer, RegistrationBody } from '@spinyard/domain';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { login } from '../../../api/auth.ts';
import { useOfferedPlans } from '../../../api/billing.ts';
import { PlanPrice } from './PlanPrice.tsx';
import { clearSignupChoice, readSignupChoice, saveSignupChoice, saveSignupHold } from './signupChoice.ts';

type Purchase = RegistrationAnswer['purchase'];

/**
 * The purchase side of /user/entry: the plan and card chosen before the form (shown above it, each with a way
 * back to change it), sent with the registration, and what follows a registration that bought: paid, the dealer
 * is signed in with what they just typed and lands in the console with the plan's limit; a first payment asking
 * for 3-D Secure goes to the card issuer's page with the sign-in hold kept in the tab, and comes back to
 * /user/entry?confirm=1 (EntryConfirm.tsx).
 */
export function useEntryPurchase() {
  const navigate = useNavigate();
  const choice = readSignupChoice();
  return {
    choice,
    withPurchase<B extends RegistrationBody>(body: B): B {
      if (!choice) return body;
      const { plan_id, card } = choice;
      return {
        ...body,
        purchase: { plan_id, request_id: crypto.randomUUID(), ...(card ? { card_token: card.token } : {}) },
      };
    },
    /** True when the purchase decides the next screen (the caller shows its completion panel otherwise). */
    async after(purchase: Purchase, credentials: { email: string; password: string }): Promise<boolean> {
      if (!purchase) return false;
      clearSignupChoice();
      if (purchase.state === 'requires_action' && purchase.challenge_url && purchase.sign_in_hold && choice) {
        // The card token is spent; the plan stays chosen in case the issuer refuses and a card is entered again.
        saveSignupChoice({ plan_id: choice.plan_id });
        saveSignupHold({
          token: purchase.sign_in_hold.token,
          challenge_url: purchase.challenge_url,
          plan_id: choice.plan_id,
        });
        window.location.assign(purchase.challenge_url);
        return true;
      }
      if (purchase.state !== 'paid') return false;
      const outcome = await login({ username: credentials.email, password: credentials.password }).catch(() => null);
      await navigate(outcome?.kind === 'signed_in' ? '/' : '/login');
      return true;
    },
  };
}

/** The chosen plan and card above the registration form. */
export function EntryPurchaseSummary() {
  const { t } = useTranslation();
  const offered = useOfferedPlans();
  const choice = readSignupChoice();
  const plan = choice ? offered.data?.plans.find((p) => p.id === choice.plan_id) : undefined;
  if (!choice || !plan) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="entry-purchase">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{plan.name}</Text>
          <Anchor component={Link} to="/user/plan" size="sm">
            {t('billingScreens.entry.changePlan')}
          </Anchor>
        </Group>
        <PlanPrice amount={plan.amount} currency={plan.currency} interval={plan.interval} />
        {choice.card ? (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              <IconCreditCard size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
              {t('billingScreens.card.summary', {
                brand: choice.card.brand.toUpperCase(),
                last4: choice.card.last4,
                month: String(choice.card.exp_month).padStart(2, '0'),
                year: choice.card.exp_year,
              })}
            </Text>
            <Anchor component={Link} to="/user/payment" size="sm">
              {t('billingScreens.entry.changeCard')}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
