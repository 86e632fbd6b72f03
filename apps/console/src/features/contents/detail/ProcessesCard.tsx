import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { ProcessAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';

const STATUS_COLOURS: Record<ProcessAnswer['status'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/**
 * A process's error in the user's language: the server stores `code: English text`, the code being an error of the
 * catalogue or `worker_lost`; anything else is shown as it is.
 */
export function processErrorKey(error: string): string | undefined {
  const code = /^([a-z0-9_]+): /.exec(error)?.[1];
  if (code === undefined) return undefined;
  return code === 'worker_lost' ? 'contentsDetail.workerLost' : `errors.${code}`;
}

/**
 * The vehicle's background processes: each running one with its progress bar (moved live by the process socket,
 * api/contentProgress.ts), and the ones that ended with their outcome and error.
 */
export function ProcessesCard({ processes }: { processes: readonly ProcessAnswer[] }) {
  const { t, i18n } = useTranslation();
  const errorText = (error: string): string => {
    const key = processErrorKey(error);
    return key !== undefined && i18n.exists(key) ? t(key) : error;
  };
  return (
    <SectionCard id="detail-processes" title={t('contentsDetail.processes')} testId="detail-processes">
      {processes.length === 0 ? (
        <Text size="sm">{t('contentsDetail.noProcesses')}</Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {processes.map((p) => {
            const name = t(`processes.${p.process}`);
            const active = p.status === 'queued' || p.status === 'running';
            return (
              <li key={p.id} data-testid={`detail-process-${p.process}`}>
                <Group justify="space-between" gap="xs" mb={4}>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  <Badge color={STATUS_COLOURS[p.status]} variant="light">
                    {t(`contentsDetail.processStatus.${p.status}`)}
                  </Badge>
                </Group>
                {active ? (
                  <Progress
                    value={p.progress}
                    aria-label={t('contentsDetail.progressOf', { name })}
                    animated={p.status === 'running'}
                  />
                ) : null}
                <Text size="xs" c="gray.7" mt={4}>
                  {active
                    ? t('contentsDetail.startedAt', {
                        time: formatDateTime(p.started_at, i18n.language),
                        progress: p.progress,
                      })
                    : t('contentsDetail.finishedAt', {
                        time: formatDateTime(p.finished_at ?? p.started_at, i18n.language),
                      })}
                </Text>
                {p.error ? (
                  <Text size="xs" c="red.9">
                    {errorText(p.error)}
                  </Text>
                ) : null}
              </li>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
