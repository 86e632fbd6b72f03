import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ContentAnswer, InteriorAnswer, SliderAnswer } from '@spinyard/domain';
import { IconEdit, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet, CONTENT_API_BASE } from '../../../api/client.ts';
import { useExterior } from '../../../api/exterior.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { MediaPicture } from '../../media/exterior/FrameRow.tsx';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { contentName } from '../actions/contentText.ts';

const seg = encodeURIComponent;

/** A count of another media area, read from its own answer; a dash while it loads or when it cannot be read. */
function useAreaCount<T>(area: 'interior' | 'slider', contentId: string, count: (answer: T) => number) {
  const query = useQuery({
    queryKey: ['contents', 'media-card', area, contentId],
    queryFn: () => apiGet<T>(`${CONTENT_API_BASE}/${area}/${seg(contentId)}`, { errors: 'silent' }),
    retry: false,
    staleTime: 10_000,
  });
  return query.data === undefined ? null : count(query.data);
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The detail page's media: the exterior's first frame with its frame and row counts, the interior scenes and the
 * category images counted, and a link to the wizard's exterior tab to edit them. Running processes are the
 * processes card's (above).
 */
export function MediaCard({ content }: { content: ContentAnswer }) {
  const { t } = useTranslation();
  const exterior = useExterior(content.id);
  const scenes = useAreaCount<InteriorAnswer>('interior', content.id, (a) => a.scenes.length);
  const images = useAreaCount<SliderAnswer>(
    'slider',
    content.id,
    (a) => a.items.filter((i) => i.kind === 'image').length,
  );
  const groups = [...(exterior.data?.groups ?? [])].sort((a, b) => a.group_order - b.group_order);
  const first = (groups.find((g) => g.group_order === exterior.data?.obvr.initial_row) ?? groups[0])?.sheets[0];
  const frames = groups.reduce((sum, g) => sum + g.sheets.length, 0);
  const dash = t('exterior.mediaCard.unknown');

  return (
    <SectionCard
      id="detail-media"
      title={t('exterior.mediaCard.title')}
      testId="detail-media"
      actions={
        <LinkButton
          to={`/contents/edit/${seg(content.id)}?tab=exterior`}
          icon={IconEdit}
          variant="default"
          testId="detail-media-edit"
        >
          {t('exterior.mediaCard.edit')}
        </LinkButton>
      }
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box w={240} maw="100%">
          {first ? (
            <Box data-testid="detail-media-first-frame" style={{ borderRadius: 8, overflow: 'hidden' }}>
              <MediaPicture
                image={first.image}
                size="display"
                alt={t('exterior.mediaCard.firstFrame', { name: contentName(content) })}
              />
            </Box>
          ) : (
            <Box
              h={135}
              bg="gray.1"
              style={{ borderRadius: 8, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              data-testid="detail-media-no-exterior"
            >
              <Stack align="center" gap={4}>
                <IconPhoto size={28} color="var(--mantine-color-gray-6)" aria-hidden />
                <Text size="xs" c="gray.7">
                  {t('exterior.mediaCard.noExterior')}
                </Text>
              </Stack>
            </Box>
          )}
        </Box>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" style={{ flex: '1 1 260px' }}>
          <Figure
            label={t('exterior.mediaCard.exterior')}
            value={exterior.data ? t('exterior.mediaCard.exteriorCounts', { frames, rows: groups.length }) : dash}
            testId="detail-media-exterior"
          />
          <Figure
            label={t('exterior.mediaCard.interior')}
            value={scenes === null ? dash : String(scenes)}
            testId="detail-media-interior"
          />
          <Figure
            label={t('exterior.mediaCard.categoryImages')}
            value={images === null ? dash : String(images)}
            testId="detail-media-category-images"
          />
        </SimpleGrid>
      </Group>
    </SectionCard>
  );
}
