import { Alert, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { type DomainDetail, useDomainByCode, useUpdateDomain } from '../../../api/domains.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import { useProfile } from '../../../api/profile.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { refusalOf } from '../../../components/refusal.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { DomainSummary } from './DomainSummary.tsx';
import { domainFormOf, isEmptyUpdate, LIMIT_BELOW_REGISTERED, updateBodyOf } from './domainForm.ts';
import { clearDraft, type DomainDraft, draftKey, FROM_CONFIRMATION, readDraft, saveDraft } from './draftStore.ts';

/** /domain/confirmation-edit/{CompanyCode}: the changes read-only; "save" applies them. */
export function DomainConfirmEditPage() {
  const { t } = useTranslation();
  const { companyCode = '' } = useParams();
  const userId = useProfile().data?.user.id;
  const [draft] = useState(() => readDraft(draftKey.edit(companyCode), userId));
  const domain = useDomainByCode(draft ? companyCode : undefined);
  const editPath = `/domain/edit/${encodeURIComponent(companyCode)}`;

  useEffect(() => {
    if (!draft) notifyInfo(t('domains.confirm.draftMissing'));
  }, [draft, t]);

  if (!draft || !userId) return <Navigate to={editPath} replace />;
  if (domain.isPending) return <CenteredLoader />;
  if (domain.isError) return <Navigate to="/domain/list" replace />;
  return <ConfirmChanges domain={domain.data} draft={draft} userId={userId} editPath={editPath} />;
}

function ConfirmChanges({
  domain,
  draft,
  userId,
  editPath,
}: {
  domain: DomainDetail;
  draft: DomainDraft;
  userId: string;
  editPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateDomain();
  const [sending, setSending] = useState(false);
  const key = draftKey.edit(domain.company_code);
  const body = updateBodyOf(draft.values, domain);
  const empty = isEmptyUpdate(body);

  const save = async () => {
    setSending(true);
    try {
      const saved = await update.mutateAsync({ id: domain.id, body });
      clearDraft(key);
      notifySuccess(t('domains.saved', { host: saved.host }));
      await navigate(editPath);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.length > 0) {
        const fields =
          refusal.code === 'domain_limit_below_registered'
            ? refusal.fields.map((f) =>
                f.field === 'options.vehicle_limit' ? { ...f, rule: LIMIT_BELOW_REGISTERED } : f,
              )
            : refusal.fields;
        saveDraft(key, userId, { values: draft.values, errors: fields, refusedCode: refusal.code });
        await navigate(editPath, { state: FROM_CONFIRMATION });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <Alert color={empty ? 'gray' : 'blue'} variant="light" icon={<IconInfoCircle aria-hidden />}>
        <Text size="sm">
          {empty ? t('domains.confirm.noChanges') : t('domains.confirm.introEdit', { host: domain.host })}
        </Text>
      </Alert>
      {empty ? null : <DomainSummary values={draft.values} before={domainFormOf(domain)} />}
      <FormActions>
        <ActionButton
          icon={IconArrowLeft}
          variant="default"
          onClick={() => void navigate(editPath, { state: FROM_CONFIRMATION })}
          disabled={sending}
          testId="domain-back"
        >
          {t('domains.form.backToForm')}
        </ActionButton>
        <ActionButton
          icon={IconDeviceFloppy}
          onClick={() => void save()}
          loading={sending}
          disabled={empty || domain.status === 'deleting'}
          testId="domain-save"
        >
          {t('domains.form.save')}
        </ActionButton>
      </FormActions>
    </Stack>
  );
}
