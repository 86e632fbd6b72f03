import { ActionIcon, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { BLUR_LIMITS, BLUR_SHAPES, type BlurRegion, type BlurShape, regionSpan } from '@spinyard/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../shared/buttons/ToolButton.tsx';
import { type EditorAction, isKeyFrame } from './editorState.ts';

export interface RegionListProps {
  regions: readonly BlurRegion[];
  selected: string | null;
  frame: number;
  n: number;
  dispatch: (action: EditorAction) => void;
}

/**
 * The row's regions: pick one to edit, its shape, whether it is on every frame, its key frame on the frame shown
 * removed, or the region removed. "Add region" puts a plate-sized box on the frame shown (then arrows move it).
 */
export function RegionList({ regions, selected, frame, n, dispatch }: RegionListProps) {
  const { t } = useTranslation();
  const full = regions.length >= BLUR_LIMITS.maxRegions;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" id="blur-regions-title">
          {t('exteriorBlur.regions.title', { count: regions.length })}
        </Text>
        <ToolButton
          size="xs"
          tone="light"
          icon={IconPlus}
          onClick={() => dispatch({ type: 'add' })}
          disabled={full}
          data-testid="blur-add-region"
        >
          {t('exteriorBlur.regions.add')}
        </ToolButton>
      </Group>
      {regions.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('exteriorBlur.regions.empty')}
        </Text>
      ) : null}
      <Stack gap={6} role="list" aria-labelledby="blur-regions-title">
        {regions.map((region, i) => {
          const isSelected = region.id === selected;
          const name = t('exteriorBlur.regions.name', { n: i + 1 });
          const span = regionSpan(region, n);
          const keyHere = isKeyFrame(region, frame);
          return (
            <Paper
              key={region.id}
              role="listitem"
              withBorder
              p={6}
              radius="sm"
              style={{
                borderColor: isSelected ? 'var(--mantine-color-yellow-6)' : undefined,
                borderWidth: isSelected ? 2 : 1,
              }}
              data-testid={`blur-region-${region.id}`}
            >
              <Group gap={6} wrap="wrap" align="center">
                <UnstyledButton
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => dispatch({ type: 'select', id: region.id })}
                  style={{ flex: '1 1 8rem', minWidth: 0 }}
                >
                  <Text size="sm" fw={isSelected ? 700 : 500}>
                    {name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('exteriorBlur.regions.summary', { keys: region.keys.length, frames: span })}
                  </Text>
                </UnstyledButton>
                <NativeSelect
                  size="xs"
                  aria-label={t('exteriorBlur.regions.shapeOf', { name })}
                  value={region.shape}
                  onChange={(e) =>
                    dispatch({ type: 'shape', id: region.id, shape: e.currentTarget.value as BlurShape })
                  }
                  data={BLUR_SHAPES.map((s) => ({ value: s, label: t(`exteriorBlur.shapes.${s}`) }))}
                  w={110}
                />
                <Checkbox
                  size="xs"
                  label={t('exteriorBlur.regions.allFrames')}
                  aria-label={t('exteriorBlur.regions.allFramesOf', { name })}
                  checked={region.all_frames}
                  onChange={(e) => dispatch({ type: 'allFrames', id: region.id, allFrames: e.currentTarget.checked })}
                />
                <Button
                  type="button"
                  size="compact-xs"
                  variant="subtle"
                  disabled={!keyHere}
                  onClick={() => dispatch({ type: 'removeKey', id: region.id })}
                  aria-label={t('exteriorBlur.regions.removeKeyOf', { name, frame: frame + 1 })}
                >
                  {t('exteriorBlur.regions.removeKey')}
                </Button>
                <ActionIcon
                  type="button"
                  variant="subtle"
                  color="red"
                  onClick={() => dispatch({ type: 'remove', id: region.id })}
                  aria-label={t('exteriorBlur.regions.removeOf', { name })}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
