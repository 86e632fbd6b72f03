import { Badge, Box, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { ContentListItem, PublicationState } from '@spinyard/domain';
import { IconCar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const PUBLICATION_COLORS: Record<PublicationState, string> = {
  published: 'green',
  limited_public: 'teal',
  unpublished: 'gray',
  sleeping: 'indigo',
  deleted: 'red',
  permanently_deleted: 'dark',
};

export function PublicationBadge({ state }: { state: PublicationState }) {
  const { t } = useTranslation();
  return (
    <Badge color={PUBLICATION_COLORS[state]} variant="light" data-testid="content-publication" data-state={state}>
      {t(`publication.${state}`)}
    </Badge>
  );
}

const THUMB = { w: 72, h: 48 };

/** The vehicle's first image once the media issue records one; until then a neutral car mark. */
export function ContentThumbnail({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  if (url) {
    return (
      <Image
        src={url}
        alt={t('contentsList.thumbnailOf', { name })}
        w={THUMB.w}
        h={THUMB.h}
        fit="cover"
        radius="sm"
        loading="lazy"
      />
    );
  }
  return (
    <Box
      w={THUMB.w}
      h={THUMB.h}
      bg="gray.1"
      style={{ borderRadius: 4, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      role="img"
      aria-label={t('contentsList.noThumbnail')}
      data-testid="content-thumbnail-placeholder"
    >
      <IconCar size={24} color="var(--mantine-color-gray-6)" aria-hidden />
    </Box>
  );
}

/** The processes still running on a vehicle, each with its progress (moved live by api/contentProgress.ts). */
export function ContentProcesses({ processes }: { processes: ContentListItem['processes'] }) {
  const { t } = useTranslation();
  const shown = processes.filter((p) => p.status === 'queued' || p.status === 'running' || p.status === 'failed');
  if (shown.length === 0) return null;
  return (
    <Stack gap={4} mt={4} data-testid="content-processes">
      {shown.map((p) => {
        const name = t(`processes.${p.process}`);
        if (p.status === 'failed') {
          return (
            <Text key={p.id} size="xs" c="red.8" data-testid="content-process-failed">
              {t('contentsList.processFailed', { process: name })}
            </Text>
          );
        }
        const label = t('contentsList.processProgress', { process: name, progress: p.progress });
        return (
          <Group key={p.id} gap={6} wrap="nowrap" data-testid="content-process" data-process={p.process}>
            <Progress value={p.progress} size="sm" w={80} aria-label={label} animated={p.status === 'running'} />
            <Text size="xs" c="gray.7" data-testid="content-process-label" data-progress={p.progress}>
              {label}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
