import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useOfferedPlans } from '../../../api/billing.ts';
import { AuthCard } from '../../auth/AuthCard.tsx';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { LoadingPanel } from '../../auth/LoadingPanel.tsx';
import { CardForm } from '../card/CardForm.tsx';
import { PlanPrice } from './PlanPrice.tsx';
import { readSignupChoice, saveSignupChoice } from './signupChoice.ts';

/**
 * /user/payment (public, the second step of sign-up): the chosen plan's price and the card form. The card becomes
 * a token here, in the browser; the token goes with the registration on /user/entry, where the account, the card
 * and the first payment are made together. Sent back here when the issuer's 3-D Secure check refused the first
 * payment (EntryConfirm.tsx): no account was kept, and the card's own error is shown above the form.
 */
export function UserPaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offered = useOfferedPlans();
  const state = useLocation().state as { refused?: unknown; gaveUp?: unknown } | null;
  const refused = state?.refused;
  const choice = readSignupChoice();
  if (!choice) return <Navigate to="/user/plan" replace />;
  const plan = offered.data?.plans.find((p) => p.id === choice.plan_id);
  if (offered.isSuccess && !plan) return <Navigate to="/user/plan" replace />;

  return (
    <AuthCard title={t('screens.user_payment')} description={t('billingScreens.payment.lead')} width={520}>
      {plan ? (
        <Stack gap="md">
          <FormAlert
            testId="payment-refused"
            message={
              state?.gaveUp === true
                ? t('signup3ds.gaveUp')
                : typeof refused === 'string'
                  ? `${t(`errors.${refused}`, { defaultValue: t('errors.card_declined') })}\n${t('signup3ds.refused')}`
                  : undefined
            }
          />
          <Paper withBorder radius="md" p="md" data-testid="chosen-plan">
            <Text fw={600}>{plan.name}</Text>
            <PlanPrice amount={plan.amount} currency={plan.currency} interval={plan.interval} />
          </Paper>
          <CardForm
            submitLabel={t('billingScreens.payment.next')}
            onToken={(token, card) => {
              saveSignupChoice({
                plan_id: plan.id,
                card: {
                  token,
                  brand: card.brand,
                  last4: card.last4,
                  exp_month: card.exp_month,
                  exp_year: card.exp_year,
                },
              });
              void navigate('/user/entry');
            }}
          />
          <Anchor component={Link} to="/user/plan" size="sm" ta="center">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
            {t('billingScreens.payment.changePlan')}
          </Anchor>
        </Stack>
      ) : (
        <LoadingPanel message={t('common.loading')} />
      )}
    </AuthCard>
  );
}
