import { Alert, Stack } from '@mantine/core';
import { newWebNegotiationValues, type WebNegotiationFormValues, webNegotiationValuesOf } from '@spinyard/domain';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../api/notify.ts';
import { useProfile } from '../../api/profile.ts';
import {
  uploadMeetingDocument,
  useCreateWebNegotiation,
  useDeleteMeetingDocument,
  useUpdateWebNegotiation,
  useWebNegotiation,
  useWebNegotiationSettings,
} from '../../api/webNegotiation.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { RecordMissing } from '../../components/RecordMissing.tsx';
import { refusalOf } from '../../components/refusal.ts';
import type { PendingDocument } from './DocumentsField.tsx';
import { MeetingQueryState } from './MeetingBits.tsx';
import { WebNegotiationForm } from './WebNegotiationForm.tsx';
import { meetingPath } from './WebNegotiationListPage.tsx';

/**
 * The documents chosen on the form, sent once the meeting is saved (an upload names its meeting). A refused one is
 * said and the others still go: the meeting is saved, the dealer adds it again from the edit screen.
 */
async function uploadAll(id: string, documents: readonly PendingDocument[], failed: (name: string) => void) {
  for (const doc of documents) {
    try {
      await uploadMeetingDocument({ id, file: doc.file, kind: doc.kind });
    } catch (error) {
      refusalOf(error);
      failed(doc.file.name);
    }
  }
}

/** The form's host: '' stands for the user (the host list's "me"), so the user's own meeting shows it chosen. */
const ownHost = (values: WebNegotiationFormValues, myId: string | undefined): WebNegotiationFormValues =>
  values.host_user_id === myId ? { ...values, host_user_id: '' } : values;

const backToList = (t: (key: string) => string) => ({
  to: '/web-negotiation/list',
  label: t('webNegotiation.backToList'),
});

/** /web-negotiation/add: schedules a meeting, invites its guests, then uploads its documents. */
export function WebNegotiationAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useWebNegotiationSettings();
  const create = useCreateWebNegotiation();
  const [initial] = useState(() => newWebNegotiationValues(new Date()));
  if (settings.isPending) return <CenteredLoader />;
  if (settings.isError) return <RecordMissing message={t('webNegotiation.unavailable')} back={backToList(t)} />;
  return (
    <WebNegotiationForm
      initial={initial}
      settings={settings.data}
      save={async ({ body, documents }) => {
        const saved = await create.mutateAsync(body);
        await uploadAll(saved.id, documents, (name) => notifyError(t('webNegotiation.documents.notSent', { name })));
        notifySuccess(t('webNegotiation.form.scheduled', { name: saved.title }));
        await navigate(meetingPath('detail', saved.id));
      }}
    />
  );
}

/** /web-negotiation/edit/{roomId}: a meeting that has not started; a running or finished one says why it is fixed. */
export function WebNegotiationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roomId = '' } = useParams();
  const meeting = useWebNegotiation(roomId);
  const settings = useWebNegotiationSettings();
  const update = useUpdateWebNegotiation();
  const removeDocument = useDeleteMeetingDocument();
  const me = useProfile();
  if (!meeting.isSuccess || !settings.isSuccess || me.isPending) {
    return <MeetingQueryState failed={meeting.isError || settings.isError} />;
  }
  const m = meeting.data;
  if (!m.can_edit) {
    return (
      <Stack gap="md" maw={960} mx="auto" align="flex-start">
        <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} data-testid="meeting-not-editable">
          {t(m.status === 'in_call' ? 'errors.web_negotiation_running' : 'webNegotiation.form.closed')}
        </Alert>
        <LinkButton to={meetingPath('detail', m.id)} variant="light" icon={IconArrowLeft}>
          {t('webNegotiation.backToDetail')}
        </LinkButton>
      </Stack>
    );
  }
  return (
    <WebNegotiationForm
      key={m.updated_at}
      initial={ownHost(webNegotiationValuesOf(m), me.data?.user.id)}
      meeting={m}
      settings={settings.data}
      onRemoveStored={(doc) =>
        removeDocument.mutate({ id: m.id, documentId: doc.id }, { onError: (error) => refusalOf(error) })
      }
      save={async ({ body, documents }) => {
        const saved = await update.mutateAsync({ id: m.id, body });
        await uploadAll(saved.id, documents, (name) => notifyError(t('webNegotiation.documents.notSent', { name })));
        notifySuccess(t('webNegotiation.form.saved', { name: saved.title }));
        await navigate(meetingPath('detail', saved.id));
      }}
    />
  );
}
