import { Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/errorText.ts';
import { notifySuccess } from '../../api/notify.ts';
import { type PlanAnswer, useDeletePlan } from '../../api/plans.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { refusalOf } from '../../components/refusal.ts';

/**
 * A plan row's delete action and its confirmation. The plan is kept for the invoices that name it, and its id can
 * never be used again: the dialog says so. A refusal (subscribers, the free plan) is told in the user's language.
 */
export function DeletePlanButton({ plan }: { plan: PlanAnswer }) {
  const { t } = useTranslation();
  const remove = useDeletePlan();
  const [opened, setOpened] = useState(false);

  const confirm = async () => {
    try {
      await remove.mutateAsync(plan.id);
      notifySuccess(t('billingPlans.delete.done', { id: plan.id }));
    } catch (error) {
      refusalOf(error, apiErrorText);
    } finally {
      setOpened(false);
    }
  };

  return (
    <>
      <RowAction
        label={t('billingPlans.list.delete', { id: plan.id })}
        icon={IconTrash}
        color="red"
        onClick={() => setOpened(true)}
        testId="plan-delete"
      />
      <ConfirmModal
        opened={opened}
        title={t('billingPlans.delete.title', { id: plan.id })}
        confirmLabel={t('billingPlans.delete.confirm')}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
        loading={remove.isPending}
        testId="plan-delete-modal"
      >
        <Text size="sm">{t('billingPlans.delete.body', { name: plan.name })}</Text>
        {plan.subscriber_count > 0 && (
          <Text size="sm" c="red.9" fw={600}>
            {t('billingPlans.delete.held', { count: plan.subscriber_count })}
          </Text>
        )}
      </ConfirmModal>
    </>
  );
}
