import { Button, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { type OfferedPlan, useOfferedPlans } from '../../../api/billing.ts';
import { AuthCard } from '../../auth/AuthCard.tsx';
import { BackToLoginLink } from '../../auth/BackToLoginLink.tsx';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { LoadingPanel } from '../../auth/LoadingPanel.tsx';
import { PlanPrice } from './PlanPrice.tsx';
import { readSignupChoice, saveSignupChoice } from './signupChoice.ts';

function PlanOption({ plan }: { plan: OfferedPlan & { id: string } }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="offered-plan" data-plan={plan.id}>
      <Radio
        value={plan.id}
        label={
          <Text fw={600} size="lg">
            {plan.name}
          </Text>
        }
        description={
          <Stack gap={6} mt={6} component="span">
            <PlanPrice amount={plan.amount} currency={plan.currency} interval={plan.interval} />
            <Text size="sm" component="span">
              <IconCar size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
              {plan.vehicle_limit === null
                ? t('billingScreens.plan.unlimited')
                : t('billingScreens.plan.vehicleLimit', { limit: plan.vehicle_limit })}
            </Text>
          </Stack>
        }
      />
    </Paper>
  );
}

/**
 * /user/plan (public, the first step of sign-up): the plans offered, each with its price with and without tax,
 * its interval and its vehicle limit. A paid plan goes on to the card (/user/payment), the free plan straight to
 * the registration form.
 */
export function UserPlanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offered = useOfferedPlans();
  const [picked, setPicked] = useState<string>(() => readSignupChoice()?.plan_id ?? '');
  const [missing, setMissing] = useState(false);
  const plans = offered.data?.plans ?? [];

  const next = () => {
    const plan = plans.find((p) => p.id === picked);
    if (!plan) {
      setMissing(true);
      return;
    }
    saveSignupChoice({ plan_id: plan.id });
    void navigate(plan.amount > 0 ? '/user/payment' : '/user/entry');
  };

  return (
    <AuthCard title={t('screens.user_plan')} description={t('billingScreens.plan.lead')} width={560}>
      {offered.isPending ? (
        <LoadingPanel message={t('common.loading')} />
      ) : (
        <Stack gap="md">
          <FormAlert message={offered.isError ? t('errors.general_error') : undefined} />
          <FormAlert message={missing ? t('billingScreens.plan.pickOne') : undefined} testId="plan-missing" />
          {plans.length === 0 && !offered.isError ? (
            // Nothing to pick yet (the operator has offered no plan): the registration without a plan, as the
            // login page's sign-up link led before plans existed, rather than a page with nothing to do.
            <Navigate to="/user/entry" replace />
          ) : (
            <>
              <Radio.Group
                value={picked}
                onChange={(id) => {
                  setPicked(id);
                  setMissing(false);
                }}
                label={t('billingScreens.plan.choose')}
              >
                <Stack gap="sm" mt="sm">
                  {plans.map((plan) => (
                    <PlanOption key={plan.id} plan={plan} />
                  ))}
                </Stack>
              </Radio.Group>
              <Button size="md" fullWidth onClick={next} rightSection={<IconArrowRight size={18} aria-hidden />}>
                {t('billingScreens.plan.next')}
              </Button>
            </>
          )}
          <BackToLoginLink>{t('entry.haveAccount')}</BackToLoginLink>
        </Stack>
      )}
    </AuthCard>
  );
}
