import { Alert, Group, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  HOTSPOT_CATEGORIES,
  HOTSPOT_ICON_TYPES,
  HOTSPOT_LIMITS,
  type HotspotAnswer,
  type HotspotFieldValues,
  MANUAL_HOTSPOT_TYPES,
} from '@spinyard/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { DeleteButton, ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { WARNING_TEXT } from '../../../shared/theme.ts';
import { DamageFields } from './DamageFields.tsx';
import {
  bodyOf,
  formValuesOf,
  HOTSPOT_FORM_FIELDS,
  HOTSPOT_NAME_KEYS,
  hotspotFormSchema,
} from './hotspotFormValues.ts';

export interface HotspotFormProps {
  hotspot: HotspotAnswer | null;
  /** Exterior rows a 360 close-up may open (temp rows too: a close-up is usually shot as one). */
  closeupRows: readonly { value: string; label: string }[];
  /** Why the form cannot be saved (no point placed yet, the maximum reached), or null. */
  blocked: string | null;
  readOnly: boolean;
  onSave: (values: HotspotFieldValues) => Promise<void>;
  onDelete?: () => void;
  deleting?: boolean;
}

/**
 * A hotspot's fields, every type of the spec (auto-detect hotspots come from detection: shown, not offered). Title
 * and body are plain text: written into inputs, never into HTML. Refusals from the server appear on their fields.
 */
export function HotspotForm({ hotspot, closeupRows, blocked, readOnly, onSave, onDelete, deleting }: HotspotFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(hotspotFormSchema, {
    defaultValues: formValuesOf(hotspot),
    nameKeys: HOTSPOT_NAME_KEYS,
  });
  // Another hotspot chosen: its own values, not the last one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the hotspot's identity only
  useEffect(() => form.reset(formValuesOf(hotspot)), [hotspot?.id]);
  const showRefusal = useServerFieldErrors(form, { fields: HOTSPOT_FORM_FIELDS, nameKeys: HOTSPOT_NAME_KEYS });
  const [type, category, iconType] = useWatch({ control: form.control, name: ['type', 'category', 'icon_type'] });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(bodyOf(values));
    } catch (error) {
      showRefusal(error);
    }
  });
  const nullable = (value: string) => (value === '' ? null : value);

  return (
    <form onSubmit={submit} noValidate data-testid="hotspot-form">
      <Stack gap="sm">
        {hotspot?.type === 'auto_detect' ? (
          <Text size="sm">
            {t('annotations.fields.type')}: {t('annotations.types.auto_detect')}
          </Text>
        ) : (
          <NativeSelect
            label={t('annotations.fields.type')}
            data={MANUAL_HOTSPOT_TYPES.map((v) => ({ value: v, label: t(`annotations.types.${v}`) }))}
            disabled={readOnly}
            {...form.field('type')}
            data-testid="hotspot-type"
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="hotspot-icon-type-label">
            {t('annotations.fields.icon_type')}
          </Text>
          <SegmentedControl
            aria-labelledby="hotspot-icon-type-label"
            value={iconType}
            onChange={(v) => form.setValue('icon_type', v as HotspotFieldValues['icon_type'], { shouldDirty: true })}
            data={HOTSPOT_ICON_TYPES.map((v) => ({ value: v, label: t(`annotations.iconTypes.${v}`) }))}
            disabled={readOnly}
            fullWidth
          />
        </Stack>
        <TextInput
          label={t('annotations.fields.title')}
          required
          maxLength={HOTSPOT_LIMITS.titleMax}
          readOnly={readOnly}
          {...form.field('title')}
          data-testid="hotspot-title"
        />
        <Textarea
          label={t('annotations.fields.body')}
          description={t('annotations.form.plainText')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={HOTSPOT_LIMITS.bodyMax}
          readOnly={readOnly}
          {...form.field('body')}
          data-testid="hotspot-body"
        />
        {type === 'video_link' ? (
          <TextInput
            label={t('annotations.fields.video_url')}
            description={t('annotations.form.videoUrlHint')}
            readOnly={readOnly}
            {...form.field('video_url')}
            onChange={(e) => form.setValue('video_url', nullable(e.currentTarget.value))}
            value={form.watch('video_url') ?? ''}
            data-testid="hotspot-video-url"
          />
        ) : null}
        {type === 'closeup_360' ? (
          <NativeSelect
            label={t('annotations.fields.closeup_group_id')}
            data={[{ value: '', label: t('annotations.form.chooseRow') }, ...closeupRows]}
            disabled={readOnly}
            {...form.field('closeup_group_id')}
            onChange={(e) => form.setValue('closeup_group_id', nullable(e.currentTarget.value))}
            value={form.watch('closeup_group_id') ?? ''}
          />
        ) : null}
        <NativeSelect
          label={t('annotations.fields.category')}
          data={HOTSPOT_CATEGORIES.map((v) => ({ value: v, label: t(`annotations.categories.${v}`) }))}
          disabled={readOnly}
          {...form.field('category')}
          data-testid="hotspot-category"
        />
        {category === 'damage' ? <DamageFields form={form} readOnly={readOnly} /> : null}
        {form.formError ? (
          <Alert color="red" variant="light" role="alert" data-testid="hotspot-form-error">
            {form.formError}
          </Alert>
        ) : null}
        {blocked ? (
          <Text size="sm" c={WARNING_TEXT} data-testid="hotspot-form-blocked">
            {blocked}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <ToolButton
            type="submit"
            tone="filled"
            icon={IconDeviceFloppy}
            loading={form.formState.isSubmitting}
            disabled={readOnly || blocked !== null}
            data-testid="hotspot-save"
          >
            {hotspot ? t('annotations.form.save') : t('annotations.form.create')}
          </ToolButton>
          {onDelete ? (
            <DeleteButton
              c="red.9"
              onClick={onDelete}
              loading={deleting ?? false}
              disabled={readOnly}
              data-testid="hotspot-delete"
            >
              {t('annotations.form.delete')}
            </DeleteButton>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
