import { Group, NumberInput, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useInterior } from '../../../api/interior.ts';
import { PANORAMA_ANGLES } from '../../../shared/panorama/angles.ts';
import { AnnotatorNotReady, AnnotatorPanel } from '../shared/AnnotatorPanel.tsx';
import { PlacePicker } from '../shared/PlacePicker.tsx';
import { useAnnotatorHotspots } from '../shared/useAnnotatorHotspots.ts';
import { type PanoramaMarker, PanoramaStage } from './PanoramaStage.tsx';

type Spot = { yaw: number; pitch: number };
const clampSpot = (s: Spot): Spot => ({
  yaw: Math.round((((((s.yaw + 180) % 360) + 360) % 360) - 180) * 10) / 10,
  pitch: Math.round(Math.max(-90, Math.min(90, s.pitch)) * 10) / 10,
});

/**
 * The interior annotation editor: a scene in Photo Sphere Viewer with its hotspots; a click places the chosen (or
 * new) hotspot by yaw and pitch, its marker is dragged, the arrow keys or the two number fields move it too.
 */
export function InteriorAnnotator({ contentId, readOnly }: { contentId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const interior = useInterior(contentId);
  const [sceneId, setSceneId] = useState<string | null>(null);
  const [spot, setSpot] = useState<Spot | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const scenes = [...(interior.data?.scenes ?? [])].sort((a, b) => a.order - b.order);
  const scene = scenes.find((s) => s.id === sceneId) ?? scenes[0];
  const hotspots = useAnnotatorHotspots(contentId, 'interior', readOnly, (h) => h.interior?.scene_id === scene?.id);
  const { list, move, items: sceneHotspots, selected, setSelected, isNew, chosen } = hotspots;

  // The chosen hotspot's point starts where the server has it; a new one has none until placed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the choice only
  useEffect(() => {
    setSpot(chosen?.interior ? { yaw: chosen.interior.yaw, pitch: chosen.interior.pitch } : null);
    setMoveError(null);
  }, [selected]);

  const markers = useMemo<PanoramaMarker[]>(() => {
    const out: PanoramaMarker[] = sceneHotspots
      .filter((h) => h.id !== selected && h.interior)
      .map((h) => ({
        id: h.id,
        yaw: h.interior?.yaw ?? 0,
        pitch: h.interior?.pitch ?? 0,
        title: h.title,
        number: String(sceneHotspots.indexOf(h) + 1),
        selected: false,
      }));
    if (spot && (isNew || chosen)) {
      out.push({
        id: chosen?.id ?? 'new',
        ...spot,
        title: chosen?.title ?? '',
        number: chosen ? String(sceneHotspots.indexOf(chosen) + 1) : '+',
        selected: true,
      });
    }
    return out;
  }, [sceneHotspots, selected, spot, isNew, chosen]);

  if (interior.isPending || !scene || !list.data) {
    return (
      <AnnotatorNotReady
        pending={interior.isPending}
        list={list}
        text={t('annotations.interior.none')}
        testId="annotations-no-interior"
      />
    );
  }
  const place = (next: Spot) => {
    if (readOnly || (!isNew && !chosen)) return;
    const s = clampSpot(next);
    setSpot(s);
    if (chosen) {
      setMoveError(null);
      move.mutate(
        { id: chosen.id, placement: { scene_id: scene.id, ...s } },
        { onError: (e) => setMoveError(e instanceof ApiError ? apiErrorText(e) : t('errors.general_error')) },
      );
    }
  };
  const panorama =
    scene.image.renditions.mobile?.jpeg ?? scene.image.master ?? scene.image.renditions.preview?.jpeg ?? '';

  const stage = (
    <>
      <PlacePicker
        label={t('annotations.interior.scene')}
        value={scene.id}
        options={scenes.map((s) => ({
          value: s.id,
          label: s.title || t('annotations.interior.sceneN', { n: s.order }),
        }))}
        width={240}
        onPick={(id) => {
          setSceneId(id);
          setSelected(null);
        }}
      />
      <PanoramaStage
        panorama={panorama}
        markers={markers}
        hasSelection={isNew || chosen !== null}
        onPick={(yaw, pitch) => place({ yaw, pitch })}
        onDrop={(yaw, pitch) => place({ yaw, pitch })}
        onSelect={(id) => (id === 'new' ? undefined : setSelected(id))}
        onNudge={(dy, dp) => spot && place({ yaw: spot.yaw + dy, pitch: spot.pitch + dp })}
      />
      {spot && (isNew || chosen) ? <Angles spot={spot} readOnly={readOnly} place={place} /> : null}
    </>
  );

  return (
    <AnnotatorPanel
      {...hotspots.panel}
      answer={list.data}
      onSelect={setSelected}
      placement={spot ? { scene_id: scene.id, ...spot } : null}
      placeFirst={t('annotations.interior.placeFirst')}
      closeupRows={[]}
      stage={stage}
      moveError={moveError}
      // Said where the dealer would look for it: nothing proposes cabin hotspots (docs/decisions.md).
      footer={
        <Text size="xs" c="gray.7" data-testid="interior-no-autodetect">
          {t('annotations.proposals.interior')}
        </Text>
      }
      testId="interior-annotator"
    />
  );
}

/** The chosen hotspot's yaw and pitch as two number fields (what the drag and the arrows move too). */
function Angles({ spot, readOnly, place }: { spot: Spot; readOnly: boolean; place: (next: Spot) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" data-testid="interior-angles">
      {PANORAMA_ANGLES.map(({ key, limit }) => (
        <NumberInput
          key={key}
          label={t(`annotations.interior.${key}`)}
          value={spot[key]}
          min={-limit}
          max={limit}
          step={1}
          decimalScale={1}
          onChange={(v) => typeof v === 'number' && place({ ...spot, [key]: v })}
          disabled={readOnly}
          w={130}
          data-testid={`interior-${key}`}
        />
      ))}
    </Group>
  );
}
