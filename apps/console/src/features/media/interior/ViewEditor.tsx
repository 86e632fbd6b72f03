import { ActionIcon, Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { INTERIOR_ZOOM_LABEL_MAX, type InteriorSceneAnswer, interiorSceneUpdateBody } from '@spinyard/domain';
import { IconTrash } from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUpdateScene } from '../../../api/interior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { interiorErrorText } from './interiorText.ts';

/** Degrees of a click on the flat (equirectangular) picture: x runs yaw -180..180, y pitch 90..-90. */
export function anglesAt(x: number, y: number, width: number, height: number): { yaw: number; pitch: number } {
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    yaw: round(Math.max(-180, Math.min(180, (x / width) * 360 - 180))),
    pitch: round(Math.max(-90, Math.min(90, 90 - (y / height) * 180))),
  };
}

/** Where an angle sits on the flat picture, in percent. */
const placeOf = (yaw: number, pitch: number) => ({
  left: `${((Number(yaw) + 180) / 360) * 100}%`,
  top: `${((90 - Number(pitch)) / 180) * 100}%`,
});

interface ViewEditorProps {
  contentId: string;
  scene: InteriorSceneAnswer;
  maxPoints: number;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * The initial view and the zoom points of a scene on its flat picture: a click places the chosen item (the view or a
 * new point) where it lands; every angle is also a number field, so the editor works from the keyboard. The form is
 * react-hook-form over the domain's update schema; it is saved with a button (no <form>: the wizard's is around).
 */
export function ViewEditor({ contentId, scene, maxPoints, readOnly, onClose }: ViewEditorProps) {
  const { t } = useTranslation();
  const update = useUpdateScene(contentId);
  const [mode, setMode] = useState<'initial' | 'point'>('initial');
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(interiorSceneUpdateBody, {
    defaultValues: { initial_view: scene.initial_view, zoom_points: scene.zoom_points },
  });
  const points = useFieldArray({ control: form.control, name: 'zoom_points' as never });
  const view = useWatch({ control: form.control, name: 'initial_view' });
  const zoomPoints = (useWatch({ control: form.control, name: 'zoom_points' }) ?? []) as {
    yaw: number;
    pitch: number;
    label: string;
  }[];
  const picture = scene.image.renditions.preview ?? scene.image.renditions.thumbnail;
  const full = points.fields.length >= maxPoints;

  const place = (event: MouseEvent<HTMLButtonElement>) => {
    if (readOnly) return;
    const box = event.currentTarget.getBoundingClientRect();
    const { yaw, pitch } = anglesAt(event.clientX - box.left, event.clientY - box.top, box.width, box.height);
    if (mode === 'initial') {
      form.setValue('initial_view.yaw', yaw, { shouldDirty: true });
      form.setValue('initial_view.pitch', pitch, { shouldDirty: true });
    } else if (!full) {
      points.append({ yaw, pitch, label: t('interior.view.newLabel', { n: points.fields.length + 1 }) } as never);
    }
  };

  const save = form.handleSubmit((body) => {
    setError(null);
    update.mutate(
      { sceneId: scene.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('interior.view.saved'));
          onClose();
        },
        onError: (e) => setError(interiorErrorText(e)),
      },
    );
  });

  const angleField = (
    name: 'initial_view.yaw' | 'initial_view.pitch' | 'initial_view.zoom',
    label: string,
    min: number,
    max: number,
  ) => (
    <ControlledField
      form={form}
      name={name}
      render={(f) => (
        <NumberInput
          label={label}
          value={f.value as number}
          onChange={(v) => f.onChange((typeof v === 'number' ? v : Number(v)) as never)}
          onBlur={f.onBlur}
          ref={f.ref}
          error={f.error}
          min={min}
          max={max}
          decimalScale={1}
          disabled={readOnly}
          w={{ base: '100%', xs: 150 }}
        />
      )}
    />
  );

  return (
    <DialogShell opened onClose={onClose} title={t('interior.view.title')} size="xl">
      <Stack gap="sm" data-testid="interior-view-editor">
        <Text size="sm">{t('interior.view.hint')}</Text>
        <SegmentedControl
          aria-label={t('interior.view.modeLabel')}
          value={mode}
          onChange={(v) => setMode(v as 'initial' | 'point')}
          data={[
            { value: 'initial', label: t('interior.view.modeInitial') },
            { value: 'point', label: t('interior.view.modePoint') },
          ]}
          disabled={readOnly}
        />
        <div style={{ position: 'relative', width: '100%', aspectRatio: '2 / 1' }}>
          <button
            type="button"
            onClick={place}
            aria-label={t('interior.view.imageLabel')}
            disabled={readOnly}
            style={{
              padding: 0,
              border: 0,
              width: '100%',
              height: '100%',
              cursor: 'crosshair',
              display: 'block',
              background: 'none',
            }}
          >
            {picture && (
              <img
                src={picture.jpeg}
                alt=""
                style={{ width: '100%', height: '100%', display: 'block', borderRadius: 6 }}
              />
            )}
          </button>
          {view && (
            <span
              role="img"
              aria-label={t('interior.view.initialMarker')}
              style={{
                position: 'absolute',
                ...placeOf(view.yaw ?? 0, view.pitch ?? 0),
                transform: 'translate(-50%, -50%)',
                width: 22,
                height: 22,
                borderRadius: '50%',
                border: '3px solid #fff',
                background: 'var(--mantine-color-blue-7)',
                pointerEvents: 'none',
              }}
            />
          )}
          {zoomPoints.map((p, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a point's place in the list is its identity here
              key={i}
              role="img"
              aria-label={t('interior.view.pointMarker', { n: i + 1, label: p.label })}
              style={{
                position: 'absolute',
                ...placeOf(p.yaw, p.pitch),
                transform: 'translate(-50%, -50%)',
                minWidth: 20,
                height: 20,
                borderRadius: 10,
                background: 'var(--mantine-color-orange-8)',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                textAlign: 'center',
                lineHeight: '20px',
                pointerEvents: 'none',
              }}
            >
              {i + 1}
            </span>
          ))}
        </div>

        <Text fw={700} size="sm">
          {t('interior.view.initial')}
        </Text>
        <Group gap="sm" wrap="wrap">
          {angleField('initial_view.yaw', t('interior.view.yaw'), -180, 180)}
          {angleField('initial_view.pitch', t('interior.view.pitch'), -90, 90)}
          {angleField('initial_view.zoom', t('interior.view.zoom'), 0, 100)}
        </Group>

        <Group justify="space-between">
          <Text fw={700} size="sm">
            {t('interior.view.points', { count: points.fields.length, max: maxPoints })}
          </Text>
          <Button
            type="button"
            size="xs"
            variant="light"
            disabled={readOnly || full}
            onClick={() =>
              points.append({
                yaw: 0,
                pitch: 0,
                label: t('interior.view.newLabel', { n: points.fields.length + 1 }),
              } as never)
            }
          >
            {t('interior.view.addPoint')}
          </Button>
        </Group>
        {full && (
          <Text size="xs" c="gray.7">
            {t('interior.view.full', { max: maxPoints })}
          </Text>
        )}
        <Stack gap="xs">
          {points.fields.map((field, i) => (
            <Group key={field.id} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={t('interior.view.label', { n: i + 1 })}
                maxLength={INTERIOR_ZOOM_LABEL_MAX}
                {...form.field(`zoom_points.${i}.label` as never)}
                disabled={readOnly}
                style={{ flex: '1 1 160px' }}
              />
              <NumberInput
                label={t('interior.view.pointYaw', { n: i + 1 })}
                value={zoomPoints[i]?.yaw ?? 0}
                onChange={(v) => form.setValue(`zoom_points.${i}.yaw` as never, Number(v) as never)}
                min={-180}
                max={180}
                decimalScale={1}
                disabled={readOnly}
                w={140}
              />
              <NumberInput
                label={t('interior.view.pointPitch', { n: i + 1 })}
                value={zoomPoints[i]?.pitch ?? 0}
                onChange={(v) => form.setValue(`zoom_points.${i}.pitch` as never, Number(v) as never)}
                min={-90}
                max={90}
                decimalScale={1}
                disabled={readOnly}
                w={140}
              />
              <ActionIcon
                type="button"
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('interior.view.removePoint', { n: i + 1 })}
                onClick={() => points.remove(i)}
                disabled={readOnly}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>

        {(error || form.formError) && (
          <Alert color="red" role="alert">
            {error ?? form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose}>
            {t('interior.view.cancel')}
          </Button>
          <Button type="button" onClick={() => void save()} loading={update.isPending} disabled={readOnly}>
            {t('interior.view.save')}
          </Button>
        </Group>
      </Stack>
    </DialogShell>
  );
}
