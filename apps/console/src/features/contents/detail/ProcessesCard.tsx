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
 * The vehicle's background processes: each running one with its progress bar (moved live by the process socket,
 * api/contentProgress.ts), and the ones that ended with their outcome and error.
 */
export function ProcessesCard({ processes }: { processes: readonly ProcessAnswer[] }) {
  const { t, i18n } = useTranslation();
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
                    {p.error}
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
