import { ActionIcon, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { type InteriorSceneAnswer, MAX_ZOOM_POINTS_PER_PANORAMA, type MovieScene } from '@spinyard/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ViewPicture } from '../../media/interior/ViewParts.tsx';
import { MovieTextField } from './MovieTextField.tsx';
import { errorAt, type MovieWizardForm } from './useMovieWizardForm.ts';

type Angles = { yaw: number; pitch: number };

/** The video's scenes as the render reads an empty list: every scene from its own start view, no zoom points. */
function defaultScenes(scenes: readonly InteriorSceneAnswer[]): MovieScene[] {
  return scenes.map((s) => ({
    scene_id: s.id,
    start: { yaw: s.initial_view.yaw, pitch: s.initial_view.pitch },
    zoom_points: [],
  }));
}

/**
 * The interior's pan: for each panorama where it starts and where it stops to zoom (at most 20 points, each with its
 * text), picked on the panorama's flat picture (the interior editor's ViewPicture). The settings keep no scenes
 * until the dealer changes one: the render then films every scene from its own start view, and the first change
 * writes that out so the other scenes stay as they were.
 */
export function InteriorStep({
  form,
  scenes,
  readOnly,
}: {
  form: MovieWizardForm;
  scenes: readonly InteriorSceneAnswer[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [sceneId, setSceneId] = useState(scenes[0]?.id ?? '');
  const chosen = (useWatch({ control: form.control, name: 'scenes' }) ?? []) as MovieScene[];
  if (scenes.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('movieWizard.interior.noScenes')}
      </Text>
    );
  }
  const scene = scenes.find((s) => s.id === sceneId) ?? scenes[0];
  if (!scene) return null;
  const index = chosen.findIndex((s) => s.scene_id === scene.id);
  /** The index of the scene in the settings, writing out the default list first when the settings have none. */
  const ensure = (): number => {
    if (index >= 0) return index;
    const next = chosen.length > 0 ? [...chosen, ...defaultScenes([scene])] : defaultScenes(scenes);
    form.setValue('scenes', next, { shouldDirty: true });
    return next.findIndex((s) => s.scene_id === scene.id);
  };
  return (
    <Stack gap="sm" data-testid="movie-interior">
      {scenes.length > 1 ? (
        <NativeSelect
          label={t('movieWizard.interior.scene')}
          value={scene.id}
          onChange={(e) => setSceneId(e.currentTarget.value)}
          data={scenes.map((s, i) => ({
            value: s.id,
            label: s.title || t('movieWizard.interior.sceneN', { n: i + 1 }),
          }))}
          w={{ base: '100%', xs: 320 }}
        />
      ) : null}
      <SceneEditor
        key={`${scene.id}-${index}`}
        form={form}
        scene={scene}
        index={index}
        ensure={ensure}
        readOnly={readOnly}
      />
      {errorAt(form, 'scenes') ? (
        <Text size="sm" c="red.9" role="alert">
          {errorAt(form, 'scenes')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One panorama: a click places the start point or a new zoom point; each point's text below with its counter. */
function SceneEditor(props: {
  form: MovieWizardForm;
  scene: InteriorSceneAnswer;
  /** The scene's place in the settings' list, or -1 while the settings keep the default. */
  index: number;
  ensure: () => number;
  readOnly: boolean;
}) {
  const { form, scene, index, readOnly } = props;
  const { t } = useTranslation();
  const [mode, setMode] = useState<'start' | 'point'>('point');
  const scenesNow = (useWatch({ control: form.control, name: 'scenes' }) ?? []) as MovieScene[];
  const current = index >= 0 ? scenesNow[index] : undefined;
  const start: Angles = current?.start ?? { yaw: scene.initial_view.yaw, pitch: scene.initial_view.pitch };
  const zoomPoints = (current?.zoom_points ?? []).map((p) => ({ yaw: p.yaw, pitch: p.pitch, label: p.text }));
  const full = zoomPoints.length >= MAX_ZOOM_POINTS_PER_PANORAMA;
  const picture = scene.image.renditions.preview ?? scene.image.renditions.thumbnail;

  const place = (angles: Angles) => {
    if (readOnly) return;
    const i = props.ensure();
    if (mode === 'start') {
      form.setValue(`scenes.${i}.start` as 'scenes.0.start', angles, { shouldDirty: true });
    } else if (!full) {
      const list = (form.getValues(`scenes.${i}.zoom_points` as 'scenes.0.zoom_points') ?? []) as object[];
      form.setValue(`scenes.${i}.zoom_points` as 'scenes.0.zoom_points', [...list, { ...angles, text: '' }] as never, {
        shouldDirty: true,
      });
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('movieWizard.interior.hint')}</Text>
      <SegmentedControl
        aria-label={t('movieWizard.interior.modeLabel')}
        value={mode}
        onChange={(v) => setMode(v as 'start' | 'point')}
        data={[
          { value: 'start', label: t('movieWizard.interior.modeStart') },
          { value: 'point', label: t('movieWizard.interior.modePoint') },
        ]}
        disabled={readOnly}
      />
      <ViewPicture picture={picture?.jpeg} view={start} zoomPoints={zoomPoints} readOnly={readOnly} onPlace={place} />
      <Text size="sm" data-testid="movie-interior-start">
        {t('movieWizard.interior.start', { yaw: start.yaw, pitch: start.pitch })}
      </Text>
      <Text fw={700} size="sm" c={full ? 'orange.9' : undefined} data-testid="movie-interior-count">
        {t('movieWizard.interior.points', { count: zoomPoints.length, max: MAX_ZOOM_POINTS_PER_PANORAMA })}
      </Text>
      {index >= 0 && errorAt(form, `scenes.${index}.zoom_points`) ? (
        <Text size="sm" c="red.9" role="alert">
          {errorAt(form, `scenes.${index}.zoom_points`)}
        </Text>
      ) : null}
      {index >= 0 ? <PointRows form={form} index={index} readOnly={readOnly} /> : null}
    </Stack>
  );
}

/**
 * The zoom points of the scene at `index` of the settings, each text with its counter. Mounted only once the scene is
 * in the settings: a field array on a path that does not exist yet would make it (a scene without its id).
 */
function PointRows({ form, index, readOnly }: { form: MovieWizardForm; index: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const points = useFieldArray({
    control: form.control,
    name: `scenes.${index}.zoom_points` as 'scenes.0.zoom_points',
  });
  return points.fields.map((row, i) => (
    <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="movie-zoom-point">
      <div style={{ flex: 1, minWidth: 0 }}>
        <MovieTextField
          form={form}
          name={`scenes.${index}.zoom_points.${i}.text`}
          label={t('movieWizard.fields.pointText', { n: index + 1, m: i + 1 })}
          testId={`movie-point-text-${i}`}
        />
      </div>
      <ActionIcon
        type="button"
        variant="subtle"
        color="red"
        size="lg"
        mt={24}
        aria-label={t('movieWizard.interior.removePoint', { n: i + 1 })}
        onClick={() => points.remove(i)}
        disabled={readOnly}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  ));
}
