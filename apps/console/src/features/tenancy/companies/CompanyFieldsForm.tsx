import { Alert, Group, Input, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPANY_FIELD_BOUNDS, type FieldError } from '@spinyard/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import type { ZodForm } from '../../../forms/useZodForm.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { fieldErrorText } from '../shared/fieldText.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { type CompanyFieldName, type companyModalSchema, prefectureOptions } from './companyForm.ts';

/** The company forms (the edit page, the add or edit modal): one schema, see companyModalSchema. */
export type CompanyForm = ZodForm<ReturnType<typeof companyModalSchema>>;

/** A refused company field named by its label on the form; a chosen one (prefecture, headquarters) says "select". */
export function companyFieldText(error: FieldError): string {
  return fieldErrorText(error, {
    scope: 'company',
    select: error.field === 'prefecture' || error.field === 'headquarters_id',
  });
}

/** Above the company fields after a refused save: the fields themselves say what is wrong. */
export function CompanyErrorsAlert() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {t('companies.form.checkErrors')}
    </Alert>
  );
}

export interface CompanyFieldsFormProps {
  form: CompanyForm;
  disabled?: boolean;
  /** `cards`: one card per group (the company edit page); `plain`: headed groups (a modal). */
  layout?: 'cards' | 'plain';
  /** Prefix of the inputs' test ids. */
  testIdPrefix?: string;
}

const GROUPS = ['company', 'address', 'contact'] as const;

/** The company's fields in three groups: the company, its address, and contact and billing. */
export function CompanyFieldsForm({
  form,
  disabled = false,
  layout = 'cards',
  testIdPrefix = 'company',
}: CompanyFieldsFormProps) {
  const { t } = useTranslation();
  const locale = currentLocale();

  const text = (field: CompanyFieldName, extra: { max?: number; required?: boolean; help?: boolean } = {}) => (
    <TextInput
      {...form.field(field)}
      label={t(`companies.fields.${field}`)}
      description={extra.help ? t(`companies.help.${field}`) : undefined}
      withAsterisk={extra.required}
      aria-required={extra.required}
      maxLength={extra.max}
      disabled={disabled}
      data-testid={`${testIdPrefix}-${field}`}
    />
  );

  // The postcode is two inputs (3 and 4 digits) under one label; each is marked, the message is said once.
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
  const country = form.field('country');
  const groups: Record<(typeof GROUPS)[number], ReactNode> = {
    company: (
      <Stack gap="md">
        {text('name', { max: COMPANY_FIELD_BOUNDS.name, required: true })}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {text('corporate_code', { max: COMPANY_FIELD_BOUNDS.code, help: true })}
          {text('store_code', { max: COMPANY_FIELD_BOUNDS.code, help: true })}
        </SimpleGrid>
      </Stack>
    ),
    address: (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
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
        {text('city', { max: COMPANY_FIELD_BOUNDS.city })}
        {text('street', { max: COMPANY_FIELD_BOUNDS.street })}
        {text('state', { max: COMPANY_FIELD_BOUNDS.state, help: true })}
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
      </SimpleGrid>
    ),
    contact: (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          {...form.field('tel')}
          label={t('companies.fields.tel')}
          description={t('companies.help.tel')}
          type="tel"
          inputMode="tel"
          maxLength={COMPANY_FIELD_BOUNDS.tel.max}
          disabled={disabled}
          data-testid={`${testIdPrefix}-tel`}
        />
        {text('credit_notation', { max: COMPANY_FIELD_BOUNDS.credit_notation, help: true })}
        {text('subdomain', { max: 63, help: true })}
      </SimpleGrid>
    ),
  };

  if (layout === 'cards') {
    return (
      <Stack gap="lg">
        {GROUPS.map((group) => (
          <SectionCard
            key={group}
            title={t(`companies.sections.${group}`)}
            description={t(`companies.sections.${group}Help`)}
            id={`company-${group}`}
          >
            {groups[group]}
          </SectionCard>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {GROUPS.map((group) => (
        <Stack key={group} gap="sm" component="fieldset" style={{ border: 0, margin: 0, padding: 0 }}>
          <Title order={3} size="h6" component="legend" c="gray.8" mb={4}>
            {t(`companies.sections.${group}`)}
          </Title>
          {groups[group]}
        </Stack>
      ))}
    </Stack>
  );
}
