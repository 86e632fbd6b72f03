import { Group, Radio, Stack } from '@mantine/core';
import { DEVELOPMENT_VIEW_POSITIONS } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { ContentSwitch } from './ContentSwitch.tsx';
import type { ContentForm } from './contentForm.ts';

/** The development view tab: whether buyers see the damage map, and where (inside the 360 content or beside it). */
export function DevelopmentViewStep({ form }: { form: ContentForm }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="content-development"
      title={t('contentsWizard.tabs.development_view')}
      description={t('contentsWizard.help.development_view')}
    >
      <Stack gap="lg">
        <ContentSwitch form={form} name="development_view_display" help={false} />
        <ControlledField
          form={form}
          name="development_view_position"
          render={(field) => (
            <Radio.Group
              name={field.name}
              label={t('contentFields.development_view_position')}
              value={field.value}
              onChange={(v) => field.onChange(v as (typeof DEVELOPMENT_VIEW_POSITIONS)[number])}
              error={field.error}
            >
              <Group gap="lg" mt="xs">
                {DEVELOPMENT_VIEW_POSITIONS.map((position, i) => (
                  <Radio
                    key={position}
                    ref={i === 0 ? field.ref : undefined}
                    value={position}
                    label={t(`contentsWizard.positions.${position}`)}
                    data-testid={`content-position-${position}`}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
      </Stack>
    </SectionCard>
  );
}
