import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import type { Company } from '../../api/companies.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { notifySuccess } from '../../api/notify.ts';
import { useDeleteCompany } from '../../api/partner.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { RefusalAlert } from '../../components/RefusalAlert.tsx';

export type DeleteTarget = { company: Company; kind: 'headquarters' | 'branch' };

/**
 * Asks before deleting a corporation or a location; the server refuses one that still has users, locations,
 * groups or vehicles, and the refusal is said in the dialog, in the user's language.
 */
export function DeleteCompanyModal({ target, onClose }: { target: DeleteTarget | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteCompany();
  const [refusal, setRefusal] = useState<string | undefined>();
  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  return (
    <ConfirmModal
      opened={target !== undefined}
      title={t(`corporations.delete.title_${target?.kind ?? 'branch'}`)}
      confirmLabel={t('corporations.delete.confirm')}
      loading={remove.isPending}
      testId="company-delete-dialog"
      onClose={close}
      onConfirm={() => {
        if (!target) return;
        remove.mutate(
          { id: target.company.id, kind: target.kind },
          {
            onSuccess: () => {
              notifySuccess(t('corporations.delete.done', { name: target.company.name }));
              close();
            },
            onError: (error) => setRefusal(error instanceof ApiError ? apiErrorText(error) : String(error)),
          },
        );
      }}
    >
      <Text size="sm">{t('corporations.delete.body', { name: target?.company.name ?? '' })}</Text>
      <RefusalAlert refusal={refusal} testId="company-delete-refusal" />
    </ConfirmModal>
  );
}
