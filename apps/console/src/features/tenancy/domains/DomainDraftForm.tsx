import { Alert, Stack } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle, IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { FormActions } from '../shared/FormActions.tsx';
import { DomainFormFields } from './DomainFormFields.tsx';
import { DraftRestoredNotice } from './DraftRestoredNotice.tsx';
import type { DomainFormMode } from './domainForm.ts';
import type { HostCheck } from './hostCheckErrors.ts';
import type { DomainDraftState } from './useDomainDraft.ts';

/**
 * The domain form of the add and edit screens: the restored-draft notice, why the values were refused, the
 * fields, and the actions (back to the list, any of the screen's own, then "confirm", which submits).
 */
export function DomainDraftForm({
  mode,
  draft,
  hostCheck,
  onSubmit,
  disabled,
  errorText,
  actions,
}: {
  mode: DomainFormMode;
  draft: DomainDraftState;
  hostCheck: HostCheck;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  disabled?: boolean;
  errorText?: (error: FieldError) => string | undefined;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={mode === 'add' ? t('screens.domain_add') : t('screens.domain_edit')}
    >
      <Stack gap="lg">
        {draft.restored ? <DraftRestoredNotice onDiscard={draft.discard} /> : null}
        {draft.refused ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {draft.refused === 'server' ? t('domains.form.serverRefused') : t('domains.form.checkErrors')}
          </Alert>
        ) : null}
        <DomainFormFields
          mode={mode}
          values={draft.values}
          onChange={draft.setValues}
          errors={draft.byField}
          onFieldEdited={draft.fieldEdited}
          hostCheck={hostCheck}
          disabled={disabled}
          errorText={errorText}
        />
        <FormActions>
          <LinkButton to="/domain/list" variant="default" icon={IconArrowLeft}>
            {t('domains.form.backToList')}
          </LinkButton>
          {actions}
          <ActionButton icon={IconChecklist} type="submit" disabled={disabled} testId="domain-confirm">
            {t('domains.form.confirm')}
          </ActionButton>
        </FormActions>
      </Stack>
    </form>
  );
}
