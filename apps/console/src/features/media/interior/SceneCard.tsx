import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { INTERIOR_TITLE_MAX, type InteriorSceneAnswer } from '@spinyard/domain';
import { IconGripVertical, IconSparkles, IconTarget } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateScene } from '../../../api/interior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { MoveArrows } from '../../../shared/buttons/MoveArrows.tsx';
import { DeleteButton, ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { interiorErrorText } from './interiorText.ts';

interface SceneCardProps {
  contentId: string;
  scene: InteriorSceneAnswer;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
  onDelete: () => void;
  onView: () => void;
  onEnhance: () => void;
  onDragStart: () => void;
  onDrop: () => void;
  onError: (message: string) => void;
}

/** One scene: its thumbnail, place, title (saved with its button), and its actions. Draggable to reorder. */
export function SceneCard(props: SceneCardProps) {
  const { t } = useTranslation();
  const { scene, index, count, disabled, contentId } = props;
  const update = useUpdateScene(contentId);
  const [title, setTitle] = useState(scene.title);
  const [over, setOver] = useState(false);
  const order = scene.order;
  const thumb = scene.image.renditions.thumbnail ?? scene.image.renditions.preview;
  const changed = title.trim() !== scene.title;

  const saveTitle = () =>
    update.mutate(
      { sceneId: scene.id, body: { title: title.trim() } },
      {
        onSuccess: () => notifySuccess(t('interior.scene.saved')),
        onError: (e) => props.onError(interiorErrorText(e)),
      },
    );

  return (
    <li
      draggable={!disabled}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', scene.id);
        props.onDragStart();
      }}
      onDragOver={(e) => {
        if (disabled) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        props.onDrop();
      }}
      data-testid="interior-scene"
      data-scene-id={scene.id}
    >
      <Paper
        withBorder
        p="sm"
        radius="md"
        style={over ? { outline: '2px dashed var(--mantine-color-blue-6)' } : undefined}
      >
        <Group gap="sm" align="flex-start" wrap="wrap">
          <MoveButtons order={order} index={index} count={count} disabled={disabled} onMove={props.onMove} />
          {thumb && (
            <img
              src={thumb.jpeg}
              width={160}
              height={80}
              alt={t('interior.scene.thumbAlt', { order })}
              style={{ borderRadius: 6, objectFit: 'cover', maxWidth: '100%' }}
              loading="lazy"
            />
          )}
          <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <SceneBadges scene={scene} />
            <Group gap={6} align="flex-end" wrap="nowrap">
              <TextInput
                label={t('interior.scene.titleLabel', { order })}
                value={title}
                maxLength={INTERIOR_TITLE_MAX}
                onChange={(e) => setTitle(e.currentTarget.value)}
                disabled={disabled}
                size="xs"
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button
                type="button"
                size="xs"
                variant="default"
                onClick={saveTitle}
                disabled={disabled || !changed}
                loading={update.isPending}
              >
                {t('interior.scene.saveTitle')}
              </Button>
            </Group>
            <Group gap={6} wrap="wrap">
              <ToolButton size="xs" tone="light" icon={IconTarget} onClick={props.onView}>
                {t('interior.scene.view')}
              </ToolButton>
              <ToolButton
                size="xs"
                tone="light"
                icon={IconSparkles}
                onClick={props.onEnhance}
                data-testid="interior-enhance-open"
              >
                {t('interior.scene.enhance')}
              </ToolButton>
              <DeleteButton size="xs" onClick={props.onDelete} disabled={disabled}>
                {t('interior.scene.delete')}
              </DeleteButton>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </li>
  );
}

/** The scene's place in the list: a grip to drag it, and buttons to move it up or down. */
function MoveButtons(props: {
  order: number;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
}) {
  const { order, index, count, disabled, onMove } = props;
  const { t } = useTranslation();
  return (
    <Group gap={4} align="center" wrap="nowrap">
      <IconGripVertical size={18} aria-hidden style={{ cursor: disabled ? 'default' : 'grab' }} />
      <Stack gap={2}>
        <MoveArrows
          index={index}
          count={count}
          disabled={disabled}
          onMove={onMove}
          upLabel={t('interior.scene.moveUp', { order })}
          downLabel={t('interior.scene.moveDown', { order })}
          variant="default"
          size="md"
        />
      </Stack>
    </Group>
  );
}

/** The scene's number, size, and whether it was edited or has zoom points. */
function SceneBadges({ scene }: { scene: SceneCardProps['scene'] }) {
  const { t } = useTranslation();
  const order = scene.order;
  return (
    <Group gap={6} wrap="wrap">
      <Text fw={700} size="sm">
        {t('interior.scene.label', { order })}
      </Text>
      <Badge variant="light" color="gray" tt="none">
        {t('interior.scene.size', { width: scene.image.width, height: scene.image.height })}
      </Badge>
      {scene.original && (
        <Badge variant="light" color="teal" tt="none">
          {t('interior.scene.edited')}
        </Badge>
      )}
      {scene.zoom_points.length > 0 && (
        <Badge variant="light" color="blue" tt="none">
          {t('interior.scene.points', { count: scene.zoom_points.length })}
        </Badge>
      )}
    </Group>
  );
}
