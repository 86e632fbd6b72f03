import { planFormValuesOf } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { usePlan, useUpdatePlan } from '../../api/plans.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { RecordMissing } from '../../components/RecordMissing.tsx';
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
      <RecordMissing
        message={t('billingPlans.form.notFound', { id: planId })}
        back={{ to: '/plan/list', label: t('billingPlans.form.backToList') }}
      />
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
