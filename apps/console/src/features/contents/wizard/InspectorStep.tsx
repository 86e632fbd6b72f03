import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { INSPECTION_COMMENT_MAX } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { ContentSwitch } from './ContentSwitch.tsx';
import type { ContentForm } from './contentForm.ts';
import { DamageMapEditor } from './DamageMapEditor.tsx';

/** The inspector input tab: who inspected and when, the damage marks, and what buyers see of them. */
export function InspectorStep({ form }: { form: ContentForm }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SectionCard id="content-inspection" title={t('contentsWizard.sections.inspection')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...form.field('inspection.inspector_name')}
              label={t('contentFields.inspector_name')}
              maxLength={100}
              data-testid="content-inspector_name"
            />
            <ControlledField
              form={form}
              name="inspection.inspected_on"
              render={({ ref, ...field }) => (
                <DateField
                  {...field}
                  ref={ref}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  label={t('contentFields.inspected_on')}
                  data-testid="content-inspected_on"
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            {...form.field('inspection.comment')}
            label={t('contentFields.comment')}
            autosize
            minRows={2}
            maxLength={INSPECTION_COMMENT_MAX}
            data-testid="content-comment"
          />
        </Stack>
      </SectionCard>
      <SectionCard
        id="content-marks"
        title={t('contentsWizard.inspector.map')}
        description={t('contentsWizard.help.marks')}
      >
        <ControlledField
          form={form}
          name="inspection.marks"
          render={(field) => (
            <DamageMapEditor marks={field.value} onChange={field.onChange} error={field.error} inputRef={field.ref} />
          )}
        />
      </SectionCard>
      <SectionCard id="content-inspection-display" title={t('contentsWizard.sections.inspectionDisplay')}>
        <Stack gap="md">
          <ContentSwitch form={form} name="inspection_data_display" />
          <ContentSwitch form={form} name="defect_display" />
        </Stack>
      </SectionCard>
    </Stack>
  );
}
