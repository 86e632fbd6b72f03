import { NEW_PLAN_VALUES } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { useCreatePlan } from '../../api/plans.ts';
import { PlanForm } from './PlanForm.tsx';

/** /plan/add: a new plan; back to the list once saved. */
export function PlanAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePlan();
  return (
    <PlanForm
      initial={NEW_PLAN_VALUES}
      save={async (values) => {
        const saved = await create.mutateAsync(values);
        notifySuccess(t('billingPlans.form.created', { id: saved.id }));
        await navigate('/plan/list');
      }}
    />
  );
}
