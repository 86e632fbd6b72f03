import { Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { type BlurFrameAnswer, type BlurRegion, regionsAt } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { isKeyFrame, neighbours } from './editorState.ts';
import { RegionShape } from './RegionShapes.tsx';

export interface NeighbourPreviewProps {
  frames: readonly BlurFrameAnswer[];
  frame: number;
  regions: readonly BlurRegion[];
  selected: string | null;
  onPick: (frame: number) => void;
  /** The blurred preview of the frame shown (an object URL), while it loads the previous one. */
  previewUrl: string | undefined;
  previewLoading: boolean;
  previewFailed: boolean;
  /** The frame the picture shown was made for (null while an older frame's picture stands in). */
  previewFrame: number | null;
}

/**
 * "Show on neighbours": the frames either side of the one shown, each with the regions as they are carried there
 * (interpolated between key frames), and the frame shown as the blur will make it (blurred_preview, computed by the
 * server at display size).
 */
export function NeighbourPreview({
  frames,
  frame,
  regions,
  selected,
  onPick,
  previewUrl,
  previewLoading,
  previewFailed,
  previewFrame,
}: NeighbourPreviewProps) {
  const { t } = useTranslation();
  const n = frames.length;
  const near = neighbours(frame, n);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id="blur-neighbours-title">
        {t('exteriorBlur.neighbours.title')}
      </Text>
      <Group gap={6} wrap="nowrap" data-testid="blur-neighbours" aria-labelledby="blur-neighbours-title" role="group">
        {near.map((index) => {
          const f = frames[index];
          if (!f) return null;
          const placed = regionsAt(regions, index, n);
          return (
            <UnstyledButton
              key={index}
              type="button"
              onClick={() => onPick(index)}
              aria-label={t('exteriorBlur.neighbours.frame', { n: index + 1, count: placed.length })}
              data-testid={`blur-neighbour-${index}`}
              data-boxes={placed.length}
              style={{ position: 'relative', flex: '1 1 0', minWidth: 0, borderRadius: 4, overflow: 'hidden' }}
            >
              <img
                src={f.original.renditions.thumbnail?.jpeg ?? f.original.renditions.display?.jpeg}
                alt=""
                draggable={false}
                style={{ display: 'block', width: '100%' }}
              />
              <svg
                viewBox="0 0 1 1"
                preserveAspectRatio="none"
                aria-hidden="true"
                style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
              >
                {placed.map((p) => {
                  const region = regions.find((r) => r.id === p.id);
                  return (
                    <RegionShape
                      key={p.id}
                      strokeWidth={1.5}
                      region={{
                        ...p,
                        key: region ? isKeyFrame(region, index) : false,
                        selected: p.id === selected,
                      }}
                    />
                  );
                })}
              </svg>
              <span
                aria-hidden="true"
                style={{
                  position: 'absolute',
                  left: 3,
                  top: 1,
                  fontSize: 11,
                  fontWeight: 700,
                  color: '#fff',
                  textShadow: '0 0 3px #000, 0 0 2px #000',
                }}
              >
                {index + 1}
              </span>
            </UnstyledButton>
          );
        })}
      </Group>
      <Text fw={600} size="sm">
        {t('exteriorBlur.preview.title', { frame: frame + 1 })}
      </Text>
      <Box pos="relative" data-testid="blur-preview" bg="gray.1" style={{ borderRadius: 4, minHeight: 60 }}>
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={t('exteriorBlur.preview.alt', { frame: frame + 1 })}
            data-testid="blur-preview-image"
            data-frame={previewFrame ?? undefined}
            data-loading={previewLoading ? 'true' : 'false'}
            style={{ display: 'block', width: '100%', borderRadius: 4, opacity: previewLoading ? 0.6 : 1 }}
          />
        ) : null}
        {previewLoading ? (
          <Loader
            size="sm"
            pos="absolute"
            top={8}
            right={8}
            role="status"
            aria-label={t('exteriorBlur.preview.loading')}
          />
        ) : null}
        {previewFailed && !previewLoading ? (
          <Text size="sm" c="red.8" p="xs" role="alert">
            {t('exteriorBlur.preview.failed')}
          </Text>
        ) : null}
        {!previewUrl && !previewLoading && !previewFailed ? (
          <Text size="sm" c="gray.7" p="xs">
            {t('exteriorBlur.preview.empty')}
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}
