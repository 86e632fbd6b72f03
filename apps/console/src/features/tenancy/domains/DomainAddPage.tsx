import { Alert, Button, Stack } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle, IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useProfile } from '../../../api/profile.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { focusFirstInvalid } from '../shared/focusInvalid.ts';
import { useScrollTop } from '../shared/useScrollTop.ts';
import { DomainFormFields } from './DomainFormFields.tsx';
import { DraftRestoredNotice } from './DraftRestoredNotice.tsx';
import { type DomainFormValues, domainFormErrors, emptyDomainForm, errorsByField } from './domainForm.ts';
import { cameFromConfirmation, clearDraft, draftKey, readDraft, saveDraft } from './draftStore.ts';
import { hostCheckErrors } from './hostCheckErrors.ts';
import { useHostCheck } from './useHostCheck.ts';

/** /domain/add: the new domain's values; "confirm" leads to /domain/confirmation with a read-only summary. */
export function DomainAddPage() {
  useScrollTop();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useProfile().data?.user.id;
  const [initial] = useState(() => readDraft(draftKey.add, userId));
  const [values, setValues] = useState<DomainFormValues>(() => initial?.values ?? emptyDomainForm());
  const [errors, setErrors] = useState<FieldError[]>(() => initial?.errors ?? []);
  const [refused, setRefused] = useState<'client' | 'server' | undefined>(
    initial && initial.errors.length > 0 ? 'server' : undefined,
  );
  const [restored, setRestored] = useState(
    () => initial !== undefined && initial.errors.length === 0 && !cameFromConfirmation(location.state),
  );
  const hostCheck = useHostCheck(values.host, values.company_code);
  const byField = errorsByField(errors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = [...domainFormErrors(values, 'add'), ...hostCheckErrors(hostCheck)];
    if (found.length > 0) {
      setErrors(found);
      setRefused('client');
      focusFirstInvalid();
      return;
    }
    if (!userId) return;
    saveDraft(draftKey.add, userId, { values, errors: [] });
    void navigate('/domain/confirmation');
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('screens.domain_add')}>
      <Stack gap="lg" maw={1080} mx="auto">
        {restored ? (
          <DraftRestoredNotice
            onDiscard={() => {
              clearDraft(draftKey.add);
              setValues(emptyDomainForm());
              setErrors([]);
              setRestored(false);
            }}
          />
        ) : null}
        {refused ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {refused === 'server' ? t('domains.form.serverRefused') : t('domains.form.checkErrors')}
          </Alert>
        ) : null}
        <DomainFormFields
          mode="add"
          values={values}
          onChange={setValues}
          errors={byField}
          onFieldEdited={(field) => {
            if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
          }}
          hostCheck={hostCheck}
        />
        <FormActions>
          <Button
            component={Link}
            to="/domain/list"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('domains.form.backToList')}
          </Button>
          <Button type="submit" leftSection={<IconChecklist size={16} aria-hidden />} data-testid="domain-confirm">
            {t('domains.form.confirm')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
