import { Group, Input, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import type { CompanyForm } from './CompanyFieldsForm.tsx';
import { type CompanyFieldName, prefectureOptions } from './companyForm.ts';

/** What every company input needs: the form, whether it is disabled, the prefix of its test id. */
export interface CompanyInputProps {
  form: CompanyForm;
  disabled: boolean;
  testIdPrefix: string;
}

/** A company text field, labelled by its name; `help` adds its explanation under the label. */
export function CompanyText({
  form,
  disabled,
  testIdPrefix,
  field,
  max,
  required,
  help,
}: CompanyInputProps & { field: CompanyFieldName; max?: number; required?: boolean; help?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...form.field(field)}
      label={t(`companies.fields.${field}`)}
      description={help ? t(`companies.help.${field}`) : undefined}
      withAsterisk={required}
      aria-required={required}
      maxLength={max}
      disabled={disabled}
      data-testid={`${testIdPrefix}-${field}`}
    />
  );
}

/** The postcode: two inputs (3 and 4 digits) under one label; each is marked, the message is said once. */
export function ZipField({ form, disabled, testIdPrefix }: CompanyInputProps) {
  const { t } = useTranslation();
  const zipPart = (field: 'zip1' | 'zip2', digits: number, width: number) => {
    const props = form.field(field);
    return (
      <TextInput
        {...props}
        aria-label={t(`companies.fields.${field}`)}
        inputMode="numeric"
        maxLength={digits}
        w={width}
        error={Boolean(props.error)}
        disabled={disabled}
        data-testid={`${testIdPrefix}-${field}`}
      />
    );
  };
  const zipError = form.field('zip1').error ?? form.field('zip2').error;
  return (
    <Input.Wrapper label={t('companies.fields.zip')} description={t('companies.help.zip')} error={zipError}>
      <Group gap={6} wrap="nowrap" mt={4}>
        <Text span aria-hidden c="dimmed">
          〒
        </Text>
        {zipPart('zip1', 3, 72)}
        <Text span aria-hidden c="dimmed">
          -
        </Text>
        {zipPart('zip2', 4, 88)}
      </Group>
    </Input.Wrapper>
  );
}

/** The prefecture, chosen from the list in the page's language. */
export function PrefectureField({ form, disabled, testIdPrefix }: CompanyInputProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <ControlledField
      form={form}
      name="prefecture"
      render={(field) => (
        <Select
          ref={field.ref}
          name={field.name}
          label={t('companies.fields.prefecture')}
          description={t('companies.help.prefecture')}
          placeholder={t('companies.form.prefecturePlaceholder')}
          data={prefectureOptions(locale)}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          searchable
          clearable
          nothingFoundMessage={t('companies.form.noPrefecture')}
          error={field.error}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${testIdPrefix}-prefecture`}
        />
      )}
    />
  );
}

/** The country code, written in capitals as it is typed. */
export function CountryField({ form, disabled, testIdPrefix }: CompanyInputProps) {
  const { t } = useTranslation();
  const country = form.field('country');
  return (
    <TextInput
      {...country}
      onChange={(event) => {
        // A country code is written in capitals: the input shows it so while the user types.
        event.currentTarget.value = event.currentTarget.value.toUpperCase();
        return country.onChange(event);
      }}
      label={t('companies.fields.country')}
      description={t('companies.help.country')}
      maxLength={2}
      w={{ base: '100%', md: 200 }}
      disabled={disabled}
      data-testid={`${testIdPrefix}-country`}
    />
  );
}
