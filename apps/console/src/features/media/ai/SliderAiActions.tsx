import { Card, Stack, Title } from '@mantine/core';
import { type AiOptionsAnswer, aiOptionShown, type ProcessAnswer } from '@spinyard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContent } from '../../../api/contentDetail.ts';
import { useContentProgress } from '../../../api/contentProgress.ts';
import { sliderKeys } from '../../../api/slider.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { AiAction } from './AiAction.tsx';

const NONE: readonly ProcessAnswer[] = [];

/** The two sources, each with its process, the operation its lock rule names, and what it needs first. */
const SOURCES = [
  {
    start: 'exteriorImages',
    process: 'exterior_autogenerate_category_images',
    operation: 'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR',
    needs: 'has_exterior',
    missing: 'needsSpin',
  },
  {
    start: 'interiorImages',
    process: 'interior_autogenerate_category_images',
    operation: 'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_INTERIOR',
    needs: 'has_interior',
    missing: 'needsScene',
  },
] as const;

/**
 * The automatic category images (issue 23): pick them from the spin or from the interior, when the domain's
 * `ai_category_image_autogeneration` is on. They arrive as ordinary category images, which the dealer replaces,
 * recaptions, reorders or deletes in the list below; the list is read again when a run started here ends.
 */
export function SliderAiActions({ contentId, readOnly, ai }: MediaPanelProps & { ai: AiOptionsAnswer }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // The vehicle's processes, kept live by the process socket: the lock rules and the progress.
  useContentProgress();
  const vehicle = useContent(contentId);
  if (!aiOptionShown(ai, 'category_images')) return null;
  const common = {
    contentId,
    readOnly,
    ai,
    option: 'category_images' as const,
    processes: vehicle.data?.processes ?? NONE,
    onEnded: () => void client.invalidateQueries({ queryKey: sliderKeys.all(contentId) }),
  };
  return (
    <Card withBorder padding="md" data-testid="slider-ai-tools">
      <Stack gap="md">
        <Title order={4}>{t('aiOptions.title')}</Title>
        {SOURCES.map((source) => (
          <AiAction
            key={source.start}
            {...common}
            {...source}
            texts={source.start}
            disabledReason={vehicle.data?.[source.needs] === false ? t(`aiOptions.${source.missing}`) : null}
          />
        ))}
      </Stack>
    </Card>
  );
}
