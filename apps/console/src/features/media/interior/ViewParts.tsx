import { ActionIcon, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { INTERIOR_ZOOM_LABEL_MAX } from '@spinyard/domain';
import { IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PANORAMA_ANGLES } from '../../../shared/panorama/angles.ts';

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

type Angles = { yaw: number; pitch: number };
type ZoomPoint = Angles & { label: string };

/** The scene's flat picture: a click gives its angles; the initial view and the zoom points are marked on it. */
export function ViewPicture(props: {
  picture: string | undefined;
  view: Partial<Angles> | undefined;
  zoomPoints: readonly ZoomPoint[];
  readOnly: boolean;
  onPlace: (angles: Angles) => void;
}) {
  const { picture, view, zoomPoints, readOnly } = props;
  const { t } = useTranslation();
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    props.onPlace(anglesAt(event.clientX - box.left, event.clientY - box.top, box.width, box.height));
  };
  return (
    <div style={{ position: 'relative', width: '100%', aspectRatio: '2 / 1' }}>
      <button
        type="button"
        onClick={click}
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
          <img src={picture} alt="" style={{ width: '100%', height: '100%', display: 'block', borderRadius: 6 }} />
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
  );
}

/** Each zoom point's label and angles as fields, and removing it: the editor works from the keyboard too. */
export function ZoomPointRows(props: {
  ids: readonly string[];
  points: readonly ZoomPoint[];
  readOnly: boolean;
  labelField: (index: number) => object;
  setAngle: (index: number, angle: 'yaw' | 'pitch', value: number) => void;
  onRemove: (index: number) => void;
}) {
  const { points, readOnly } = props;
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {props.ids.map((id, i) => (
        <Group key={id} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('interior.view.label', { n: i + 1 })}
            maxLength={INTERIOR_ZOOM_LABEL_MAX}
            {...props.labelField(i)}
            disabled={readOnly}
            style={{ flex: '1 1 160px' }}
          />
          {PANORAMA_ANGLES.map(({ key, limit }) => (
            <NumberInput
              key={key}
              label={t(key === 'yaw' ? 'interior.view.pointYaw' : 'interior.view.pointPitch', { n: i + 1 })}
              value={points[i]?.[key] ?? 0}
              onChange={(v) => props.setAngle(i, key, Number(v))}
              min={-limit}
              max={limit}
              decimalScale={1}
              disabled={readOnly}
              w={140}
            />
          ))}
          <ActionIcon
            type="button"
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('interior.view.removePoint', { n: i + 1 })}
            onClick={() => props.onRemove(i)}
            disabled={readOnly}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
