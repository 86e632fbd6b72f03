import { Button, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Company,
  companyKeys,
  createBranch,
  createHeadquarters,
  type Headquarters,
  updateBranch,
  updateHeadquarters,
} from '../../../api/companies.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { fieldErrorText } from '../shared/fieldText.ts';
import { CompanyErrorsAlert, CompanyFieldsForm } from './CompanyFieldsForm.tsx';
import {
  changedCompanyFields,
  companyFormOf,
  emptyCompanyForm,
  fieldsOfCompany,
  parseCompanyForm,
} from './companyForm.ts';
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
  headquarters,
  domainId,
  onClose,
}: {
  target: CompanyModalTarget | undefined;
  headquarters: readonly Headquarters[];
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
      {target ? (
        <CompanyModalForm target={target} headquarters={headquarters} domainId={domainId} onClose={onClose} />
      ) : null}
    </DialogShell>
  );
}

function CompanyModalForm({
  target,
  headquarters,
  domainId,
  onClose,
}: {
  target: CompanyModalTarget;
  headquarters: readonly Headquarters[];
  domainId?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useCompanyForm(() => (target.company ? companyFormOf(target.company) : emptyCompanyForm()));
  const initialHq =
    target.kind === 'branch' ? (target.company?.headquarters_id ?? target.headquartersId ?? headquarters[0]?.id) : '';
  const [hqId, setHqId] = useState<string>(initialHq ?? '');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCompanyForm(form.values);
    const found = parsed.ok ? [] : [...parsed.fields];
    if (target.kind === 'branch' && !hqId) {
      found.push({ field: 'headquarters_id', rule: 'required', message: 'Choose a headquarters.' });
    }
    if (!parsed.ok || found.length > 0) {
      form.refuse(found);
      return;
    }
    await form.save(async () => {
      const existing = target.company;
      let saved: Company;
      if (target.kind === 'headquarters') {
        saved = existing
          ? await updateHeadquarters(existing.id, changedCompanyFields(fieldsOfCompany(existing), parsed.company))
          : await createHeadquarters({ ...parsed.company, ...(domainId ? { domain_id: domainId } : {}) });
      } else if (existing) {
        const patch = changedCompanyFields(fieldsOfCompany(existing), parsed.company);
        saved = await updateBranch(existing.id, {
          ...patch,
          ...(hqId !== existing.headquarters_id ? { headquarters_id: hqId } : {}),
        });
      } else {
        saved = await createBranch({ ...parsed.company, headquarters_id: hqId });
      }
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      notifySuccess(t(`companies.modal.saved_${target.kind}`, { name: saved.name }));
      onClose();
    });
  };

  const hqError = form.byField.headquarters_id;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {form.hasErrors ? <CompanyErrorsAlert /> : null}
        {target.kind === 'branch' ? (
          <Select
            label={t('companies.fields.headquarters_id')}
            withAsterisk
            aria-required
            data={headquarters.map((hq) => ({ value: hq.id, label: hq.name }))}
            value={hqId || null}
            onChange={(value) => {
              setHqId(value ?? '');
              form.clearError('headquarters_id');
            }}
            allowDeselect={false}
            searchable
            error={hqError ? fieldErrorText(hqError, { scope: 'company', select: true }) : undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="branch-headquarters"
          />
        ) : null}
        <CompanyFieldsForm {...form.fieldsProps} layout="plain" testIdPrefix={target.kind} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={form.saving}>
            {t('domains.common.cancel')}
          </Button>
          <Button type="submit" loading={form.saving} data-testid={`${target.kind}-save`}>
            {target.company ? t('companies.form.save') : t(`companies.modal.create_${target.kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
