import { Alert, Button, Grid, Group, NativeSelect, Slider, Stack, Text } from '@mantine/core';
import { type HotspotFieldValues, hotspotPositionAt } from '@spinyard/domain';
import { IconChevronLeft, IconChevronRight, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useExterior } from '../../../api/exterior.ts';
import {
  useAddHotspot,
  useHotspots,
  useMoveHotspot,
  useRemoveHotspot,
  useUpdateHotspot,
} from '../../../api/hotspots.ts';
import { notifyError, notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { HotspotFiles } from '../form/HotspotFiles.tsx';
import { HotspotForm } from '../form/HotspotForm.tsx';
import { atMaximum, HotspotList } from '../shared/HotspotList.tsx';
import { DefectList } from './DefectList.tsx';
import { HotspotStage } from './HotspotStage.tsx';
import { HotspotStrip } from './HotspotStrip.tsx';
import { nudgeAt, placeKey, removeKey } from './keyFrames.ts';
import { useKeyEditing } from './useKeyEditing.ts';

/**
 * The exterior annotation editor: a row's frames (scrubbed by the slider, the strip, a drag across the picture or
 * Page Up / Page Down), the hotspots visible on the frame shown, and the chosen hotspot's path: placed on the first
 * and last frame of its range and on any frame where the path bends, interpolated between, moved by drag or arrows.
 */
export function ExteriorAnnotator({ contentId, readOnly }: { contentId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const exterior = useExterior(contentId);
  const list = useHotspots(contentId, 'exterior');
  const add = useAddHotspot(contentId, 'exterior');
  const update = useUpdateHotspot(contentId, 'exterior');
  const move = useMoveHotspot(contentId, 'exterior');
  const remove = useRemoveHotspot(contentId, 'exterior');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [frame, setFrame] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);

  const groups = [...(exterior.data?.groups ?? [])].sort((a, b) => a.group_order - b.group_order);
  const spinRows = groups.filter((g) => !g.is_temp && g.sheets.length > 0);
  const row = spinRows.find((g) => g.group_id === groupId) ?? spinRows[0];
  const rowHotspots = (list.data?.items ?? []).filter((h) => h.exterior?.group_id === row?.group_id);
  const isNew = selected === 'new';
  const chosen = rowHotspots.find((h) => h.id === selected) ?? null;
  const saveMove = useCallback(
    (id: string, placement: Parameters<typeof move.mutateAsync>[0]['placement']) => move.mutateAsync({ id, placement }),
    [move.mutateAsync],
  );
  const editing = useKeyEditing(chosen, isNew, row?.group_id ?? '', saveMove);

  if (exterior.isPending || list.isPending) return <CenteredLoader py={32} />;
  if (!row || !list.data) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="annotations-no-spin">
        {list.isError ? apiErrorText(list.error as ApiError) : t('annotations.exterior.noSpin')}
      </Alert>
    );
  }
  const n = row.sheets.length;
  const sheet = row.sheets[frame] ?? row.sheets[0];
  const display = sheet?.image.renditions.display ?? sheet?.image.renditions.thumbnail;
  const keys = editing.keys;
  const goto = (f: number) => setFrame(((f % n) + n) % n);
  const choose = (id: string | null) => {
    setSelected(id);
    const h = rowHotspots.find((x) => x.id === id);
    // Shown where it is: a hotspot not visible on the frame shown is opened on its first key frame.
    const first = h?.exterior?.key_frames[0];
    if (h?.exterior && first && !hotspotPositionAt(h.exterior.key_frames, frame, n)) goto(first.frame);
  };
  const keyed = (change: (k: NonNullable<typeof keys>) => NonNullable<typeof keys>) => {
    if (keys && !readOnly) editing.setKeys(change(keys));
  };

  const onSave = async (values: HotspotFieldValues) => {
    if (isNew) {
      const created = await add.mutateAsync({
        ...values,
        placement: { group_id: row.group_id, key_frames: keys ?? [] },
      });
      setSelected(created.id);
      notifySuccess(t('annotations.form.created'));
    } else if (chosen) {
      // A detected hotspot keeps its type: the manual types are all the form offers.
      const { type: _, ...rest } = values;
      await update.mutateAsync({ id: chosen.id, body: chosen.type === 'auto_detect' ? rest : values });
      notifySuccess(t('annotations.form.saved'));
    }
  };
  const blocked =
    isNew && (!keys || keys.length === 0)
      ? t('annotations.form.placeFirst')
      : isNew && atMaximum(list.data)
        ? t('annotations.list.full', { max: list.data.max_manual })
        : null;
  const moveError = editing.saveError instanceof ApiError ? apiErrorText(editing.saveError) : null;

  return (
    <Grid gutter="lg" data-testid="exterior-annotator">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          {spinRows.length > 1 ? (
            <NativeSelect
              label={t('annotations.exterior.row')}
              value={row.group_id}
              onChange={(e) => {
                setGroupId(e.currentTarget.value);
                setSelected(null);
                setFrame(0);
              }}
              data={spinRows.map((g) => ({ value: g.group_id, label: t('exterior.rowN', { n: g.group_order }) }))}
              w={200}
            />
          ) : null}
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Button
              type="button"
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} aria-hidden />}
              onClick={() => goto(frame - 1)}
              data-testid="annotation-previous"
            >
              {t('annotations.exterior.previous')}
            </Button>
            <Text size="sm" fw={600} data-testid="annotation-frame-number">
              {t('annotations.exterior.frameOf', { n: frame + 1, count: n })}
            </Text>
            <Button
              type="button"
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden />}
              onClick={() => goto(frame + 1)}
              data-testid="annotation-next"
            >
              {t('annotations.exterior.next')}
            </Button>
          </Group>
          {display ? (
            <HotspotStage
              imageUrl={display.jpeg}
              width={display.width}
              height={display.height}
              frame={frame}
              n={n}
              hotspots={rowHotspots}
              selectedId={isNew ? null : selected}
              keys={keys}
              onFrame={goto}
              onSelect={choose}
              onPlace={(p) => keyed((k) => placeKey(k, frame, p, n))}
              onNudge={(dx, dy) => keyed((k) => nudgeAt(k, frame, dx, dy, n))}
              onRemoveKey={() => keyed((k) => removeKey(k, frame))}
            />
          ) : null}
          <Slider
            min={1}
            max={n}
            value={frame + 1}
            onChange={(v) => goto(v - 1)}
            label={(v) => t('annotations.exterior.frameOf', { n: v, count: n })}
            thumbLabel={t('annotations.exterior.scrub')}
            data-testid="annotation-slider"
          />
          <HotspotStrip frames={row.sheets} frame={frame} keys={keys} onPick={goto} />
          {keys && keys.length > 0 ? (
            <Group gap="xs" wrap="wrap">
              <Text size="xs" c="gray.7" data-testid="annotation-keys">
                {t('annotations.exterior.keys', { frames: keys.map((k) => k.frame + 1).join(', ') })}
              </Text>
              <Button
                type="button"
                size="compact-xs"
                variant="subtle"
                color="red"
                c="red.9"
                leftSection={<IconX size={12} aria-hidden />}
                disabled={readOnly || keys.length <= 1 || !keys.some((k) => k.frame === frame)}
                onClick={() => keyed((k) => removeKey(k, frame))}
              >
                {t('annotations.exterior.removeKey')}
              </Button>
            </Group>
          ) : null}
          {moveError ? (
            <Alert color="red" variant="light" role="alert" data-testid="annotation-move-error">
              {moveError}
            </Alert>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <HotspotList
            answer={list.data}
            items={rowHotspots}
            selected={selected}
            readOnly={readOnly}
            onSelect={choose}
            onAdd={() => setSelected('new')}
          />
          {isNew || chosen ? (
            <Stack gap="md" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <Text fw={700} size="sm">
                {isNew ? t('annotations.form.newTitle') : t('annotations.form.editTitle')}
              </Text>
              {isNew ? (
                <Text size="sm" c="gray.8">
                  {t('annotations.exterior.placeHint')}
                </Text>
              ) : null}
              <HotspotForm
                hotspot={chosen}
                closeupRows={groups.map((g) => ({
                  value: g.group_id,
                  label: t('exterior.rowN', { n: g.group_order }),
                }))}
                blocked={blocked}
                readOnly={readOnly}
                onSave={onSave}
                {...(chosen
                  ? {
                      onDelete: () =>
                        remove.mutate(chosen.id, {
                          onSuccess: () => {
                            setSelected(null);
                            notifySuccess(t('annotations.form.deleted'));
                          },
                          onError: (e) =>
                            notifyError(e instanceof ApiError ? apiErrorText(e) : t('errors.general_error')),
                        }),
                      deleting: remove.isPending,
                    }
                  : {})}
              />
              {chosen ? <HotspotFiles contentId={contentId} hotspot={chosen} readOnly={readOnly} /> : null}
            </Stack>
          ) : null}
          <DefectList hotspots={list.data.items} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
