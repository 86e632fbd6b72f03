import { Group, Text } from '@mantine/core';
import type { UploadSessionAnswer, VideoUploadAnswer } from '@spinyard/domain';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { useCancelUploadSession, useUploadSession } from '../../../api/uploadSession.ts';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { exteriorErrorText, formatBytes } from './exteriorText.ts';
import { type LocalUpload, stopCanceledUploads } from './uploadStore.ts';

/**
 * The uploads a session's cancel reaches, by server id: those started since it opened and not yet taken by the
 * spin (the server's rule, session-service.ts), and this page's own that the spin's answer does not list yet
 * (still sending). Uploads picked up from an earlier visit are not the session's: they keep their own cancel.
 */
export function sessionUploadsOf(
  session: Pick<UploadSessionAnswer, 'started_at'>,
  uploads: readonly VideoUploadAnswer[],
  local: readonly Pick<LocalUpload, 'serverId' | 'state' | 'resumed'>[],
): string[] {
  const start = Date.parse(session.started_at);
  const ids = new Set(
    uploads
      .filter((u) => (u.status === 'requested' || u.status === 'ready') && Date.parse(u.created_at) >= start)
      .map((u) => u.id),
  );
  const known = new Set(uploads.map((u) => u.id));
  for (const u of local) {
    const sending = u.state === 'uploading' || u.state === 'paused' || u.state === 'offline';
    if (sending && !u.resumed && u.serverId !== null && !known.has(u.serverId)) ids.add(u.serverId);
  }
  return [...ids];
}

/**
 * The exterior editor's upload session, opened when the upload area mounts: the limits the server answered and
 * "cancel all unfinished uploads" of this visit in one request. Nothing shows for a reader, or if it cannot open.
 */
export function UploadSessionBar({
  contentId,
  uploads,
  local,
  disabled,
}: {
  contentId: string;
  uploads: readonly VideoUploadAnswer[];
  local: readonly LocalUpload[];
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const session = useUploadSession(contentId, !disabled);
  const cancel = useCancelUploadSession(contentId);
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const answer = session.data;
  if (!answer) return null;
  const open = sessionUploadsOf(answer, uploads, local);

  const cancelAll = async () => {
    setNote(null);
    try {
      const result = await cancel.mutateAsync(answer.session_id);
      await stopCanceledUploads(result.canceled);
      notifySuccess(t('exterior.session.canceled', { count: result.canceled.length }));
      // Uploads the spin had already taken stay with it: said, so the dealer knows why they are still listed.
      if (result.taken.length > 0)
        setNote({ text: t('exterior.session.taken', { count: result.taken.length }), failed: false });
    } catch (cause) {
      const text = cause instanceof ApiError ? exteriorErrorText(cause) : t('errors.general_error');
      setNote({ text, failed: true });
    }
  };

  return (
    <Group gap="sm" justify="space-between" wrap="wrap" data-testid="exterior-session">
      <Text size="xs" c="gray.7" data-testid="exterior-session-limits">
        {t('exterior.session.limits', {
          max: formatBytes(answer.max_bytes),
          limit: answer.upload_limit,
          inUse: answer.uploads_in_use,
          expires: formatDateTime(answer.expires_at, i18n.language),
        })}
      </Text>
      {/* Only while there is something to cancel: a "cancel all (0)" button is a tool with nothing to act on. */}
      {open.length > 0 ? (
        <ToolButton
          size="xs"
          icon={IconPlayerStop}
          onClick={() => void cancelAll()}
          loading={cancel.isPending}
          data-testid="exterior-session-cancel"
        >
          {t('exterior.session.cancelAll', { count: open.length })}
        </ToolButton>
      ) : null}
      {note ? (
        <Text
          size="xs"
          c={note.failed ? 'red.9' : 'gray.8'}
          role={note.failed ? 'alert' : 'status'}
          w="100%"
          data-testid="exterior-session-note"
        >
          {note.text}
        </Text>
      ) : null}
    </Group>
  );
}
