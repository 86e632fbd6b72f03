import { Group, Slider, Text } from '@mantine/core';
import { type ExteriorGroupAnswer, type HotspotKeyFrame, hotspotPositionAt } from '@spinyard/domain';
import { IconX } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useExterior } from '../../../api/exterior.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { FrameSteps } from '../../../shared/frames/FrameSteps.tsx';
import { hasKeyOn, wrapFrame } from '../../../shared/frames/frameKeys.ts';
import { AnnotatorNotReady, AnnotatorPanel } from '../shared/AnnotatorPanel.tsx';
import { PlacePicker } from '../shared/PlacePicker.tsx';
import { useAnnotatorHotspots } from '../shared/useAnnotatorHotspots.ts';
import { DefectList } from './DefectList.tsx';
import { HotspotStage } from './HotspotStage.tsx';
import { HotspotStrip } from './HotspotStrip.tsx';
import { nudgeAt, placeKey, removeKey } from './keyFrames.ts';
import { ProposalsPanel } from './ProposalsPanel.tsx';
import { useKeyEditing } from './useKeyEditing.ts';

/**
 * The exterior annotation editor: a row's frames (scrubbed by the slider, the strip, a drag across the picture or
 * Page Up / Page Down), the hotspots visible on the frame shown, and the chosen hotspot's path: placed on the first
 * and last frame of its range and on any frame where the path bends, interpolated between, moved by drag or arrows.
 */
export function ExteriorAnnotator({ contentId, readOnly }: { contentId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const exterior = useExterior(contentId);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [frame, setFrame] = useState(0);
  const groups = [...(exterior.data?.groups ?? [])].sort((a, b) => a.group_order - b.group_order);
  const spinRows = groups.filter((g) => !g.is_temp && g.sheets.length > 0);
  const row = spinRows.find((g) => g.group_id === groupId) ?? spinRows[0];
  const hotspots = useAnnotatorHotspots(contentId, 'exterior', readOnly, (h) => h.exterior?.group_id === row?.group_id);
  const { list, move, items: rowHotspots, selected, setSelected, isNew, chosen } = hotspots;
  const saveMove = useCallback(
    (id: string, placement: Parameters<typeof move.mutateAsync>[0]['placement']) => move.mutateAsync({ id, placement }),
    [move.mutateAsync],
  );
  const editing = useKeyEditing(chosen, isNew, row?.group_id ?? '', saveMove);

  if (exterior.isPending || !row || !list.data) {
    return (
      <AnnotatorNotReady
        pending={exterior.isPending}
        list={list}
        text={t('annotations.exterior.noSpin')}
        testId="annotations-no-spin"
      />
    );
  }
  const n = row.sheets.length;
  const keys = editing.keys;
  const goto = (f: number) => setFrame(wrapFrame(f, n));
  const choose = (id: string | null) => {
    setSelected(id);
    const h = rowHotspots.find((x) => x.id === id);
    // Shown where it is: a hotspot not visible on the frame shown is opened on its first key frame.
    const first = h?.exterior?.key_frames[0];
    if (h?.exterior && first && !hotspotPositionAt(h.exterior.key_frames, frame, n)) goto(first.frame);
  };
  const keyed = (change: (k: HotspotKeyFrame[]) => HotspotKeyFrame[]) => {
    if (keys && !readOnly) editing.setKeys(change(keys));
  };
  const rowLabel = (g: ExteriorGroupAnswer) => t('exterior.rowN', { n: g.group_order });
  // A proposal may stand on another row: that row is shown, on the proposal's first frame.
  const chooseAnywhere = (id: string) => {
    const place = list.data.items.find((h) => h.id === id)?.exterior;
    if (place && place.group_id !== row.group_id) setGroupId(place.group_id);
    setSelected(id);
    const first = place?.key_frames[0];
    if (first) goto(first.frame);
  };

  const stage = (
    <>
      <PlacePicker
        label={t('annotations.exterior.row')}
        value={row.group_id}
        options={spinRows.map((g) => ({ value: g.group_id, label: rowLabel(g) }))}
        width={200}
        onPick={(id) => {
          setGroupId(id);
          setSelected(null);
          setFrame(0);
        }}
      />
      <FrameSteps
        frame={frame}
        onFrame={goto}
        previous={t('annotations.exterior.previous')}
        next={t('annotations.exterior.next')}
        position={t('annotations.exterior.frameOf', { n: frame + 1, count: n })}
        testId="annotation"
      />
      <RowFrame
        row={row}
        frame={frame}
        hotspots={rowHotspots}
        selectedId={isNew ? null : selected}
        keys={keys}
        onFrame={goto}
        onSelect={choose}
        keyed={keyed}
      />
      <HotspotStrip frames={row.sheets} frame={frame} keys={keys} onPick={goto} />
      {keys && keys.length > 0 ? (
        <KeyLine keys={keys} frame={frame} readOnly={readOnly} onRemove={() => keyed((k) => removeKey(k, frame))} />
      ) : null}
    </>
  );

  return (
    <AnnotatorPanel
      {...hotspots.panel}
      answer={list.data}
      onSelect={choose}
      placement={keys && keys.length > 0 ? { group_id: row.group_id, key_frames: keys } : null}
      placeFirst={t('annotations.form.placeFirst')}
      placeHint={t('annotations.exterior.placeHint')}
      closeupRows={groups.map((g) => ({ value: g.group_id, label: rowLabel(g) }))}
      stage={stage}
      moveError={editing.saveError instanceof ApiError ? apiErrorText(editing.saveError) : null}
      footer={
        <>
          <ProposalsPanel contentId={contentId} items={list.data.items} readOnly={readOnly} onSelect={chooseAnywhere} />
          <DefectList hotspots={list.data.items} />
        </>
      }
      testId="exterior-annotator"
    />
  );
}

interface RowFrameProps {
  row: ExteriorGroupAnswer;
  frame: number;
  hotspots: Parameters<typeof HotspotStage>[0]['hotspots'];
  selectedId: string | null;
  keys: HotspotKeyFrame[] | null;
  onFrame: (frame: number) => void;
  onSelect: (id: string) => void;
  keyed: (change: (k: HotspotKeyFrame[]) => HotspotKeyFrame[]) => void;
}

/** The frame shown, large, with the slider that scrubs the row under it. */
function RowFrame({ row, frame, hotspots, selectedId, keys, onFrame, onSelect, keyed }: RowFrameProps) {
  const { t } = useTranslation();
  const n = row.sheets.length;
  const sheet = row.sheets[frame] ?? row.sheets[0];
  const display = sheet?.image.renditions.display ?? sheet?.image.renditions.thumbnail;
  return (
    <>
      {display ? (
        <HotspotStage
          imageUrl={display.jpeg}
          width={display.width}
          height={display.height}
          frame={frame}
          n={n}
          hotspots={hotspots}
          selectedId={selectedId}
          keys={keys}
          onFrame={onFrame}
          onSelect={onSelect}
          onPlace={(p) => keyed((k) => placeKey(k, frame, p, n))}
          onNudge={(dx, dy) => keyed((k) => nudgeAt(k, frame, dx, dy, n))}
          onRemoveKey={() => keyed((k) => removeKey(k, frame))}
        />
      ) : null}
      <Slider
        min={1}
        max={n}
        value={frame + 1}
        onChange={(v) => onFrame(v - 1)}
        label={(v) => t('annotations.exterior.frameOf', { n: v, count: n })}
        thumbLabel={t('annotations.exterior.scrub')}
        data-testid="annotation-slider"
      />
    </>
  );
}

/** The chosen hotspot's key frames, and removing the one on the frame shown (never the last). */
function KeyLine(props: { keys: HotspotKeyFrame[]; frame: number; readOnly: boolean; onRemove: () => void }) {
  const { keys, frame } = props;
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs" c="gray.7" data-testid="annotation-keys">
        {t('annotations.exterior.keys', { frames: keys.map((k) => k.frame + 1).join(', ') })}
      </Text>
      <ToolButton
        size="compact-xs"
        tone="danger"
        icon={IconX}
        c="red.9"
        disabled={props.readOnly || keys.length <= 1 || !hasKeyOn(keys, frame)}
        onClick={props.onRemove}
      >
        {t('annotations.exterior.removeKey')}
      </ToolButton>
    </Group>
  );
}
