import { Group, NativeSelect, TextInput } from '@mantine/core';
import { DAMAGE_TYPES, HOTSPOT_LIMITS, type HotspotFieldValues } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import type { ZodForm } from '../../../forms/useZodForm.ts';
import { DAMAGE_COLOURS, type hotspotFormSchema } from './hotspotFormValues.ts';

const nullable = (value: string) => (value === '' ? null : value);

/** A damage hotspot's kind, place on the car and colour (the damage category only). */
export function DamageFields({ form, readOnly }: { form: ZodForm<typeof hotspotFormSchema>; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start" wrap="wrap" gap="sm">
      <NativeSelect
        label={t('annotations.fields.damage_type')}
        data={[
          { value: '', label: t('annotations.form.none') },
          ...DAMAGE_TYPES.map((v) => ({ value: v, label: t(`annotations.damageTypes.${v}`) })),
        ]}
        disabled={readOnly}
        {...form.field('damage_type')}
        onChange={(e) =>
          form.setValue('damage_type', nullable(e.currentTarget.value) as HotspotFieldValues['damage_type'])
        }
        value={form.watch('damage_type') ?? ''}
        miw={140}
      />
      <TextInput
        label={t('annotations.fields.damage_position')}
        maxLength={HOTSPOT_LIMITS.damagePositionMax}
        readOnly={readOnly}
        {...form.field('damage_position')}
        onChange={(e) => form.setValue('damage_position', nullable(e.currentTarget.value))}
        value={form.watch('damage_position') ?? ''}
        miw={140}
      />
      <NativeSelect
        label={t('annotations.fields.damage_colour')}
        data={DAMAGE_COLOURS.map((v) => ({ value: v, label: t(`annotations.colours.${v}`) }))}
        disabled={readOnly}
        {...form.field('damage_colour')}
        miw={120}
        data-testid="hotspot-damage-colour"
      />
    </Group>
  );
}
