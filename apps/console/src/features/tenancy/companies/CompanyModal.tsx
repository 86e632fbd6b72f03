import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type Company,
  useCreateBranch,
  useCreateHeadquarters,
  useUpdateBranch,
  useUpdateHeadquarters,
} from '../../../api/companies.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { CompanyErrorsAlert, CompanyFieldsForm } from './CompanyFieldsForm.tsx';
import { changedCompanyFields, companyFormOf, emptyCompanyForm, fieldsOfCompany } from './companyForm.ts';
import { HeadquartersPicker } from './HeadquartersPicker.tsx';
import { useCompanyForm } from './useCompanyForm.ts';

export type CompanyModalTarget =
  | { kind: 'headquarters'; company?: Company | undefined }
  | { kind: 'branch'; company?: Company | undefined; headquartersId?: string | undefined };

/**
 * Adds or edits a headquarters or a branch in a modal. A branch belongs to a headquarters of the same domain,
 * chosen here; moving it under another one is an edit like any other field.
 */
export function CompanyModal({
  target,
  domainId,
  onClose,
}: {
  target: CompanyModalTarget | undefined;
  /** Master: the domain a new headquarters belongs to. */
  domainId?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = target
    ? t(`companies.modal.${target.company ? 'edit' : 'add'}_${target.kind}`, { name: target.company?.name ?? '' })
    : '';
  return (
    <DialogShell opened={target !== undefined} onClose={onClose} title={title} size="xl">
      {target ? <CompanyModalForm target={target} domainId={domainId} onClose={onClose} /> : null}
    </DialogShell>
  );
}

function CompanyModalForm({
  target,
  domainId,
  onClose,
}: {
  target: CompanyModalTarget;
  domainId?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const initialHq = target.kind === 'branch' ? (target.company?.headquarters_id ?? target.headquartersId) : '';
  const { form, showRefusal, submit, hasErrors } = useCompanyForm(target.kind, {
    ...(target.company ? companyFormOf(target.company) : emptyCompanyForm()),
    headquarters_id: initialHq ?? '',
  });
  const createHeadquarters = useCreateHeadquarters();
  const updateHeadquarters = useUpdateHeadquarters();
  const createBranch = useCreateBranch();
  const updateBranch = useUpdateBranch();
  const saving = [createHeadquarters, updateHeadquarters, createBranch, updateBranch].some((m) => m.isPending);

  const onSubmit = submit(({ headquarters_id: hqId, ...company }) => {
    const existing = target.company;
    const done = {
      onSuccess: (saved: Company) => {
        notifySuccess(t(`companies.modal.saved_${target.kind}`, { name: saved.name }));
        onClose();
      },
      onError: showRefusal,
    };
    if (target.kind === 'headquarters') {
      if (existing) {
        updateHeadquarters.mutate(
          { id: existing.id, patch: changedCompanyFields(fieldsOfCompany(existing), company) },
          done,
        );
      } else {
        createHeadquarters.mutate({ ...company, ...(domainId ? { domain_id: domainId } : {}) }, done);
      }
    } else if (existing) {
      const patch = changedCompanyFields(fieldsOfCompany(existing), company);
      updateBranch.mutate(
        {
          id: existing.id,
          patch: { ...patch, ...(hqId !== existing.headquarters_id ? { headquarters_id: hqId } : {}) },
        },
        done,
      );
    } else {
      createBranch.mutate({ ...company, headquarters_id: hqId }, done);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {hasErrors ? <CompanyErrorsAlert /> : null}
        {target.kind === 'branch' ? (
          <ControlledField
            form={form}
            name="headquarters_id"
            render={(field) => (
              <HeadquartersPicker
                ref={field.ref}
                name={field.name}
                domainId={domainId}
                label={t('companies.fields.headquarters_id')}
                withAsterisk
                aria-required
                value={field.value}
                onChange={field.onChange}
                allowDeselect={false}
                error={field.error}
                comboboxProps={{ withinPortal: true }}
                data-testid="branch-headquarters"
              />
            )}
          />
        ) : null}
        <CompanyFieldsForm form={form} disabled={saving} layout="plain" testIdPrefix={target.kind} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('domains.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid={`${target.kind}-save`}>
            {target.company ? t('companies.form.save') : t(`companies.modal.create_${target.kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
