import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoveArrows } from '../../../shared/buttons/MoveArrows.tsx';

export interface MediaListItem {
  id: string;
  /** How the item is named to people and screen readers ("Category image 2: Front"). */
  name: string;
  preview: ReactNode;
  details?: ReactNode;
}

export interface MediaListProps {
  items: readonly MediaListItem[];
  readOnly: boolean;
  busy?: boolean;
  onReorder: (ids: string[]) => void;
  onDelete: (id: string) => Promise<unknown>;
  testId: string;
  empty: string;
}

/** `ids` with the item at `from` moved to `to`. */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(next.length, to)), 0, item);
  return next;
}

/**
 * An ordered list of media: drag an item onto another place, or move it with its up and down buttons (keyboard);
 * delete after a confirmation. Every button is `type="button"`: the list sits inside the wizard's form.
 */
export function MediaList({ items, readOnly, busy = false, onReorder, onDelete, testId, empty }: MediaListProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MediaListItem | null>(null);
  const [removing, setRemoving] = useState(false);
  const ids = items.map((i) => i.id);
  const locked = readOnly || busy;

  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }

  return (
    <>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId} aria-busy={busy}>
        {items.map((item, index) => (
          <Paper
            component="li"
            key={item.id}
            withBorder
            p="xs"
            draggable={!locked}
            data-testid={`${testId}-item`}
            data-item-id={item.id}
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null && dragged !== index) onReorder(moved(ids, dragged, index));
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            style={{ opacity: dragged === index ? 0.5 : 1 }}
          >
            <Group gap="sm" wrap="wrap" align="center">
              <Group gap="sm" wrap="nowrap" align="center" style={{ flex: '1 1 240px', minWidth: 0 }}>
                {!locked ? <IconGripVertical size={18} aria-hidden style={{ cursor: 'grab', flexShrink: 0 }} /> : null}
                <div style={{ flexShrink: 0 }}>{item.preview}</div>
                <Stack gap={2} style={{ flex: 1, minWidth: 96 }}>
                  <Text size="sm" fw={600}>
                    {t('slider.list.position', { n: index + 1 })}
                  </Text>
                  {item.details}
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
                <MoveArrows
                  index={index}
                  count={items.length}
                  disabled={locked}
                  onMove={(to) => onReorder(moved(ids, index, to))}
                  upLabel={t('slider.list.moveUp', { name: item.name })}
                  downLabel={t('slider.list.moveDown', { name: item.name })}
                  variant="subtle"
                  size="lg"
                />
                <ActionIcon
                  type="button"
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('slider.list.delete', { name: item.name })}
                  disabled={locked}
                  onClick={() => setDeleting(item)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title={t('slider.list.deleteTitle')}
        confirmLabel={t('slider.list.deleteConfirm')}
        loading={removing}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setRemoving(true);
          void onDelete(deleting.id).finally(() => {
            setRemoving(false);
            setDeleting(null);
          });
        }}
        testId={`${testId}-delete-dialog`}
      >
        <Text size="sm">{t('slider.list.deleteBody', { name: deleting?.name ?? '' })}</Text>
      </ConfirmModal>
    </>
  );
}

/** A thumbnail of a stored image: the WebP where the browser reads it, the JPEG otherwise. */
export function Thumbnail({
  webp,
  jpeg,
  alt,
  width = 112,
}: {
  webp: string;
  jpeg: string;
  alt: string;
  width?: number;
}) {
  return (
    <picture>
      <source srcSet={webp} type="image/webp" />
      <img
        src={jpeg}
        alt={alt}
        width={width}
        style={{ display: 'block', height: 'auto', borderRadius: 4 }}
        loading="lazy"
      />
    </picture>
  );
}
