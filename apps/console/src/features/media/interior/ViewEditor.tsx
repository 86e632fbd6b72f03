import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { type InteriorSceneAnswer, interiorSceneUpdateBody } from '@spinyard/domain';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUpdateScene } from '../../../api/interior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { interiorErrorText } from './interiorText.ts';
import { ViewPicture, ZoomPointRows } from './ViewParts.tsx';

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

  const place = ({ yaw, pitch }: { yaw: number; pitch: number }) => {
    if (readOnly) return;
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
        <ViewPicture picture={picture?.jpeg} view={view} zoomPoints={zoomPoints} readOnly={readOnly} onPlace={place} />

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
        <ZoomPointRows
          ids={points.fields.map((f) => f.id)}
          points={zoomPoints}
          readOnly={readOnly}
          labelField={(i) => form.field(`zoom_points.${i}.label` as never)}
          setAngle={(i, angle, v) => form.setValue(`zoom_points.${i}.${angle}` as never, v as never)}
          onRemove={(i) => points.remove(i)}
        />

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
