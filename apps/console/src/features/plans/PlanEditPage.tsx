import { Stack, Text } from '@mantine/core';
import { planFormValuesOf } from '@spinyard/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { usePlan, useUpdatePlan } from '../../api/plans.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PlanForm } from './PlanForm.tsx';

/** /plan/edit/{id} (ours; the spec lists only the list and the add screen): every field but the id. */
export function PlanEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { planId = '' } = useParams();
  const plan = usePlan(planId);
  const update = useUpdatePlan();
  if (plan.isPending) return <CenteredLoader />;
  if (plan.isError) {
    return (
      <Stack align="center" gap="md" py="xl">
        <Text>{t('billingPlans.form.notFound', { id: planId })}</Text>
        <LinkButton to="/plan/list" variant="light" icon={IconArrowLeft}>
          {t('billingPlans.form.backToList')}
        </LinkButton>
      </Stack>
    );
  }
  return (
    <PlanForm
      key={plan.data.updated_at}
      initial={planFormValuesOf(plan.data)}
      plan={plan.data}
      save={async ({ id, ...body }) => {
        const saved = await update.mutateAsync({ id, body });
        notifySuccess(t('billingPlans.form.saved', { id: saved.id }));
        await navigate('/plan/list');
      }}
    />
  );
}
