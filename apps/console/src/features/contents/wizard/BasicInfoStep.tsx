import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type BasicInfoKey,
  CONTENT_TEXT_MAX,
  HANDLES,
  INSPECTION_INCLUSIONS,
  REPAIR_HISTORIES,
} from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { useVehicleFields } from '../vehicleFields.ts';
import { type ContentForm, type ContentStyle, NUMBER_FIELDS } from './contentForm.ts';
import { DisplaySettings } from './DisplaySettings.tsx';

const CHOICES: Partial<Record<BasicInfoKey, readonly string[]>> = {
  handle: HANDLES,
  repair_history: REPAIR_HISTORIES,
  statutory_inspection: INSPECTION_INCLUSIONS,
  vehicle_inspection: INSPECTION_INCLUSIONS,
};
/** The unit a number is typed in, shown after it. */
const UNITS: Partial<Record<BasicInfoKey, string>> = {
  displacement: 'cc',
  mileage: 'km',
  price_with_tax: 'yen',
  total_price_with_tax: 'yen',
};
const PLACEHOLDERS: Partial<Record<BasicInfoKey, string>> = {
  inspection_period: 'YYYY-MM',
  phone: '03-1234-5678',
  mail: 'sales@example.com',
};

/** One basic info field: a choice (with "not set"), a number typed as text with its unit, or a text. */
function BasicInfoInput({ form, name }: { form: ContentForm; name: BasicInfoKey }) {
  const { t } = useTranslation();
  const label = useVehicleFields().label(name);
  const testId = `content-${name}`;
  const choices = CHOICES[name];
  if (choices) {
    return (
      <NativeSelect
        {...form.field(name)}
        label={label}
        data={[
          { value: '', label: t('contentsWizard.notSet') },
          ...choices.map((v) => ({ value: v, label: t(`contentsWizard.choices.${name}.${v}`) })),
        ]}
        data-testid={testId}
      />
    );
  }
  const numeric = (NUMBER_FIELDS as readonly string[]).includes(name);
  const unit = UNITS[name];
  const max = (CONTENT_TEXT_MAX as Partial<Record<string, number>>)[name];
  return (
    <TextInput
      {...form.field(name)}
      label={label}
      inputMode={numeric ? 'numeric' : undefined}
      type={name === 'mail' ? 'email' : name === 'phone' ? 'tel' : 'text'}
      maxLength={max}
      placeholder={PLACEHOLDERS[name]}
      rightSection={unit ? t(`contentsWizard.units.${unit}`) : undefined}
      rightSectionWidth={unit ? 48 : undefined}
      rightSectionPointerEvents="none"
      data-testid={testId}
    />
  );
}

/** The basic info tab: the vehicle's identifiers, every basic info field of its style, and what buyers see. */
export function BasicInfoStep({
  form,
  style,
  passwordSet,
}: {
  form: ContentForm;
  style: ContentStyle;
  passwordSet: boolean;
}) {
  const { t } = useTranslation();
  const fields = useVehicleFields();
  const keys = fields.keysFor(style);
  return (
    <Stack gap="lg">
      <SectionCard id="content-identity" title={t('contentsWizard.sections.identity')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            {...form.field('management_id')}
            label={fields.label('management_id')}
            description={t('contentsWizard.help.management_id')}
            withAsterisk
            maxLength={CONTENT_TEXT_MAX.management_id}
            data-testid="content-management_id"
          />
          <TextInput
            {...form.field('chassis_number')}
            label={t('contentFields.chassis_number')}
            maxLength={CONTENT_TEXT_MAX.chassis_number}
            placeholder="ZVW30-1234567"
            data-testid="content-chassis_number"
          />
          <TextInput
            {...form.field('listing_id')}
            label={t('contentFields.listing_id')}
            maxLength={CONTENT_TEXT_MAX.listing_id}
            data-testid="content-listing_id"
          />
        </SimpleGrid>
      </SectionCard>
      <SectionCard
        id="content-basic"
        title={t('contentsWizard.sections.basic')}
        description={t(style === 'bike' ? 'contentsWizard.help.bike' : 'contentsWizard.help.car')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {keys.map((key) => (
            <BasicInfoInput key={key} form={form} name={key} />
          ))}
        </SimpleGrid>
      </SectionCard>
      <DisplaySettings form={form} keys={keys} passwordSet={passwordSet} />
    </Stack>
  );
}
