import { Alert, Group, Stack, Text } from '@mantine/core';
import type { ExteriorGroupAnswer } from '@spinyard/domain';
import { IconWorldUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { usePendingChanges } from '../../../api/contentDetail.ts';
import { useContentAction } from '../../../api/contents.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { fetchTurnProblems, TurnPublishConfirm } from '../../media/exterior/TurnProblems.tsx';

/**
 * "Changes not yet published": what the dealer changed since buyers' page was built (by area), with the one button
 * that publishes it. Changes that hide something reach buyers by themselves (the server republishes), so what is
 * listed here only adds or changes. Nothing shows for a vehicle buyers do not see, or one they see as it is.
 * Like every publication from the actions menu, a spin that is not one clean turn is asked about first.
 */
export function PendingChangesCard({ contentId, name, locked }: { contentId: string; name: string; locked: boolean }) {
  const { t, i18n } = useTranslation();
  const pending = usePendingChanges(contentId);
  const publish = useContentAction();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [turnProblems, setTurnProblems] = useState<ExteriorGroupAnswer[]>([]);
  const answer = pending.data;
  if (!answer?.published || answer.areas.length === 0) return null;

  const areas = answer.areas.map((a) => t(`pendingChanges.areas.${a}`)).join(t('pendingChanges.separator'));
  const run = async () => {
    setError(null);
    try {
      await publish.mutateAsync({ id: contentId, action: 'republish' });
      notifySuccess(t('pendingChanges.published'));
    } catch (cause) {
      setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
    }
    setTurnProblems([]);
  };
  const ask = async () => {
    setError(null);
    const problems = await fetchTurnProblems(client, contentId);
    if (problems.length > 0) setTurnProblems(problems);
    else await run();
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('pendingChanges.title')}
      data-testid="pending-changes"
      data-areas={answer.areas.join(' ')}
    >
      <Stack gap="xs">
        <Text size="sm" data-testid="pending-changes-areas">
          {t('pendingChanges.body', {
            date: answer.built_at ? formatDateTime(answer.built_at, i18n.language) : '',
            areas,
          })}
        </Text>
        <Text size="xs" c="gray.8">
          {t('pendingChanges.hideNote')}
        </Text>
        <Group gap="sm">
          <ToolButton
            tone="filled"
            icon={IconWorldUpload}
            onClick={() => void ask()}
            loading={publish.isPending}
            disabled={locked}
            data-testid="pending-changes-publish"
          >
            {t('pendingChanges.publish')}
          </ToolButton>
        </Group>
        {error ? (
          <Text size="sm" c="red.9" role="alert" data-testid="pending-changes-error">
            {error}
          </Text>
        ) : null}
      </Stack>
      <TurnPublishConfirm
        name={name}
        problems={turnProblems}
        onConfirm={() => void run()}
        onClose={() => setTurnProblems([])}
        loading={publish.isPending}
      />
    </Alert>
  );
}
