import { ColorInput, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { BLUR_LIMITS, type BlurTarget } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlurDraftSettings } from './draft.ts';

export type Look = 'blur' | 'color';

/**
 * The look's state, started from `start` (the draft restored or the applied settings): the controls' props, and
 * `reset` to other settings (a draft discarded).
 */
export function useLook(start: Omit<BlurDraftSettings, 'regions'>) {
  const [target, setTarget] = useState<BlurTarget>(start.blur_target);
  const [look, setLook] = useState<Look>(start.bg_color ? 'color' : 'blur');
  const [strength, setStrength] = useState(start.blur_str ?? BLUR_LIMITS.defaultStrength);
  const [color, setColor] = useState(start.bg_color ?? '#202020');
  const reset = (s: Omit<BlurDraftSettings, 'regions'>) => {
    setTarget(s.blur_target);
    setLook(s.bg_color ? 'color' : 'blur');
    setStrength(s.blur_str ?? BLUR_LIMITS.defaultStrength);
    setColor(s.bg_color ?? '#202020');
  };
  const colorValid = /^#[0-9a-fA-F]{6}$/.test(color);
  const controls = {
    target,
    onTarget: setTarget,
    look,
    onLook: setLook,
    strength,
    onStrength: setStrength,
    color,
    onColor: setColor,
    colorValid,
  };
  return { ...controls, reset, controls };
}

export interface LookControlsProps {
  target: BlurTarget;
  onTarget: (target: BlurTarget) => void;
  backgroundAllowed: boolean;
  look: Look;
  onLook: (look: Look) => void;
  strength: number;
  onStrength: (strength: number) => void;
  color: string;
  onColor: (color: string) => void;
  colorValid: boolean;
}

/**
 * What the blur does: inside the regions, outside them, or around the car found on each frame (the last two when the
 * domain's option allows it; drawn regions then stay sharp), and blurred with a strength or filled with a colour.
 */
export function LookControls(props: LookControlsProps) {
  const { target, onTarget, backgroundAllowed, look, onLook, strength, onStrength, color, onColor, colorValid } = props;
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <LabelledChoice
        id="blur-target-label"
        label={t('exteriorBlur.target.label')}
        value={target}
        onChange={onTarget}
        data={[
          { value: 'regions', label: t('exteriorBlur.target.regions') },
          { value: 'background', label: t('exteriorBlur.target.background'), disabled: !backgroundAllowed },
          { value: 'car_background', label: t('exteriorBlur.target.carBackground'), disabled: !backgroundAllowed },
        ]}
      />
      {!backgroundAllowed ? (
        <Text size="xs" c="gray.7">
          {t('exteriorBlur.target.backgroundOff')}
        </Text>
      ) : target === 'background' ? (
        <Text size="xs" c="gray.7">
          {t('exteriorBlur.target.backgroundHint')}
        </Text>
      ) : target === 'car_background' ? (
        <Text size="xs" c="gray.7" data-testid="blur-car-background-hint">
          {t('exteriorBlur.target.carBackgroundHint')}
        </Text>
      ) : null}
      <LabelledChoice
        id="blur-look-label"
        label={t('exteriorBlur.look.label')}
        value={look}
        onChange={onLook}
        data={[
          { value: 'blur', label: t('exteriorBlur.look.blur') },
          { value: 'color', label: t('exteriorBlur.look.color') },
        ]}
      />
      {look === 'blur' ? (
        <Stack gap={2}>
          <Text size="sm" id="blur-strength-label">
            {t('exteriorBlur.look.strength', { value: strength })}
          </Text>
          <Slider
            min={BLUR_LIMITS.minStrength}
            max={BLUR_LIMITS.maxStrength}
            value={strength}
            onChange={onStrength}
            thumbLabel={t('exteriorBlur.look.strengthLabel')}
            aria-labelledby="blur-strength-label"
            data-testid="blur-strength"
            mb="xs"
          />
        </Stack>
      ) : (
        <ColorInput
          label={t('exteriorBlur.look.colorLabel')}
          value={color}
          onChange={onColor}
          format="hex"
          swatches={['#202020', '#ffffff', '#808080', '#1c7ed6', '#2f9e44']}
          error={colorValid ? undefined : t('exteriorBlur.look.colorInvalid')}
          eyeDropperButtonProps={{ 'aria-label': t('exteriorBlur.look.eyeDropper') }}
          data-testid="blur-color"
        />
      )}
    </Stack>
  );
}

/** A bold label over a full-width segmented choice it names (for screen readers too); `V` is the choice's values. */
function LabelledChoice<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string; disabled?: boolean }[];
}) {
  return (
    <>
      <Text fw={600} size="sm" id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={props.id}
        value={props.value}
        onChange={(v) => props.onChange(v as V)}
        data={props.data}
        fullWidth
      />
    </>
  );
}
