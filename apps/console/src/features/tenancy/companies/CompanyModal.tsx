import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle } from '@tabler/icons-react';
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
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { refusalOf } from '../../../components/refusal.ts';
import { fieldErrorText } from '../shared/fieldText.ts';
import { CompanyFieldsForm } from './CompanyFieldsForm.tsx';
import {
  type CompanyFormValues,
  changedCompanyFields,
  companyFormOf,
  emptyCompanyForm,
  fieldsOfCompany,
  parseCompanyForm,
} from './companyForm.ts';

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
  const [values, setValues] = useState<CompanyFormValues>(() =>
    target.company ? companyFormOf(target.company) : emptyCompanyForm(),
  );
  const initialHq =
    target.kind === 'branch' ? (target.company?.headquarters_id ?? target.headquartersId ?? headquarters[0]?.id) : '';
  const [hqId, setHqId] = useState<string>(initialHq ?? '');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const byField: Record<string, FieldError> = {};
  for (const e of errors) byField[e.field] ??= e;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCompanyForm(values);
    const found = parsed.ok ? [] : [...parsed.fields];
    if (target.kind === 'branch' && !hqId) {
      found.push({ field: 'headquarters_id', rule: 'required', message: 'Choose a headquarters.' });
    }
    if (!parsed.ok || found.length > 0) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
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
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.length > 0) {
        setErrors(refusal.fields);
        focusFirstInvalid();
      }
    } finally {
      setSaving(false);
    }
  };

  const hqError = byField.headquarters_id;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {errors.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('companies.form.checkErrors')}
          </Alert>
        ) : null}
        {target.kind === 'branch' ? (
          <Select
            label={t('companies.fields.headquarters_id')}
            withAsterisk
            aria-required
            data={headquarters.map((hq) => ({ value: hq.id, label: hq.name }))}
            value={hqId || null}
            onChange={(value) => {
              setHqId(value ?? '');
              setErrors((list) => list.filter((e) => e.field !== 'headquarters_id'));
            }}
            allowDeselect={false}
            searchable
            error={hqError ? fieldErrorText(hqError, { scope: 'company', select: true }) : undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="branch-headquarters"
          />
        ) : null}
        <CompanyFieldsForm
          layout="plain"
          values={values}
          onChange={setValues}
          errors={byField}
          onFieldEdited={(field) => {
            if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
          }}
          disabled={saving}
          testIdPrefix={target.kind}
        />
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
