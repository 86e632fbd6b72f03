import { Alert, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useCreateDomain } from '../../../api/domains.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import { useProfile } from '../../../api/profile.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { refusalOf } from '../../../components/refusal.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { DomainSummary } from './DomainSummary.tsx';
import { createBodyOf, emptyDomainForm } from './domainForm.ts';
import { clearDraft, draftKey, FROM_CONFIRMATION, readDraft, saveDraft } from './draftStore.ts';

/** The state /domain/edit/{code} receives after a registration: whom the activation mail went to. */
export interface DomainCreatedState {
  created: { email: string; mailSent: boolean };
}

/**
 * /domain/confirmation: the new domain read-only; "register" creates it with its super user. A refusal that
 * names fields goes back to the form with them marked and everything typed kept.
 */
export function DomainConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDomain();
  const userId = useProfile().data?.user.id;
  const [draft] = useState(() => readDraft(draftKey.add, userId));
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!draft) notifyInfo(t('domains.confirm.draftMissing'));
  }, [draft, t]);

  if (!draft || !userId) return <Navigate to="/domain/add" replace />;
  const { values } = draft;

  const register = async () => {
    setSending(true);
    try {
      const body = createBodyOf(values);
      const created = await create.mutateAsync(body);
      clearDraft(draftKey.add);
      notifySuccess(t('domains.created.notice', { host: created.host }));
      const state: DomainCreatedState = {
        created: { email: body.super_user.email, mailSent: created.activation_mail_sent },
      };
      await navigate(`/domain/edit/${encodeURIComponent(created.company_code)}`, { state });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.length > 0) {
        saveDraft(draftKey.add, userId, { values, errors: refusal.fields, refusedCode: refusal.code });
        await navigate('/domain/add', { state: FROM_CONFIRMATION });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        <Text size="sm">{t('domains.confirm.intro')}</Text>
      </Alert>
      <DomainSummary values={values} defaults={emptyDomainForm()} />
      <FormActions>
        <ActionButton
          icon={IconArrowLeft}
          variant="default"
          onClick={() => void navigate('/domain/add', { state: FROM_CONFIRMATION })}
          disabled={sending}
          testId="domain-back"
        >
          {t('domains.form.backToForm')}
        </ActionButton>
        <ActionButton icon={IconCheck} onClick={() => void register()} loading={sending} testId="domain-register">
          {t('domains.form.register')}
        </ActionButton>
      </FormActions>
    </Stack>
  );
}
