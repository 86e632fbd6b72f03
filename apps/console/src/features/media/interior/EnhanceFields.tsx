import { Group, NumberInput, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import {
  ENHANCE_FLAGS,
  type EnhanceFlag,
  type EnhanceSettings,
  INTERIOR_FULL_MAX,
  INTERIOR_MIN,
} from '@spinyard/domain';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

const levelKey = (flag: EnhanceFlag) => `${flag}_level` as const;

export interface EnhanceFieldsProps {
  settings: EnhanceSettings;
  setSettings: Dispatch<SetStateAction<EnhanceSettings>>;
  /** The corrections may be changed (the domain's option on, nothing running, not read-only). */
  editable: boolean;
  originalWidth: number;
}

/** The five corrections with their strengths, the JPEG quality and the size of the interior tool. */
export function EnhanceFields({ settings, setSettings, editable, originalWidth }: EnhanceFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof EnhanceSettings>(key: K, value: EnhanceSettings[K]) =>
    setSettings((s) => ({ ...s, [key]: value }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {ENHANCE_FLAGS.map((flag) => {
          const name = t(`interior.enhance.flags.${flag}`);
          return (
            <Stack key={flag} gap={4}>
              <Switch
                label={name}
                checked={settings[flag]}
                onChange={(e) => set(flag, e.currentTarget.checked)}
                disabled={!editable}
                data-testid={`interior-flag-${flag}`}
              />
              <Slider
                min={0}
                max={100}
                value={settings[levelKey(flag)]}
                onChange={(v) => set(levelKey(flag), v)}
                thumbLabel={t('interior.enhance.level', { name })}
                disabled={!editable || !settings[flag]}
              />
            </Stack>
          );
        })}
        <Stack gap={4}>
          <Text size="sm">{t('interior.enhance.jpegQuality')}</Text>
          <Slider
            min={1}
            max={100}
            value={settings.jpeg_quality}
            onChange={(v) => set('jpeg_quality', v)}
            thumbLabel={t('interior.enhance.jpegQuality')}
            disabled={!editable}
          />
        </Stack>
      </SimpleGrid>
      {settings.super_resolution && (
        <Text size="xs" c="gray.7">
          {t('interior.enhance.superNote')}
        </Text>
      )}
      <ResizeFields settings={settings} setSettings={setSettings} editable={editable} originalWidth={originalWidth} />
    </>
  );
}

/** Resizing on or off, and the width (the height follows: a panorama is twice as wide as it is high). */
function ResizeFields({ settings, setSettings, editable, originalWidth }: EnhanceFieldsProps) {
  const { t } = useTranslation();
  const resize = settings.resized_width !== null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Switch
        label={t('interior.enhance.resize')}
        checked={resize}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          const width = Math.min(INTERIOR_FULL_MAX.width, originalWidth);
          setSettings((s) => ({
            ...s,
            resized_width: on ? width : null,
            resized_height: on ? Math.round(width / 2) : null,
          }));
        }}
        disabled={!editable}
      />
      {resize && (
        <>
          <NumberInput
            label={t('interior.enhance.width', { min: INTERIOR_MIN.width, max: INTERIOR_FULL_MAX.width })}
            value={settings.resized_width ?? 0}
            min={INTERIOR_MIN.width}
            max={INTERIOR_FULL_MAX.width}
            step={2}
            allowDecimal={false}
            onChange={(v) => {
              const width = Number(v) || 0;
              setSettings((s) => ({ ...s, resized_width: width, resized_height: Math.round(width / 2) }));
            }}
            disabled={!editable}
            w={200}
          />
          <Text size="sm">{t('interior.enhance.height', { height: settings.resized_height ?? 0 })}</Text>
        </>
      )}
    </Group>
  );
}
