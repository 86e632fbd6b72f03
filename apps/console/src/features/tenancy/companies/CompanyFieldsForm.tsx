import { Alert, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { COMPANY_FIELD_BOUNDS, type FieldError } from '@spinyard/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodForm } from '../../../forms/useZodForm.ts';
import { fieldErrorText } from '../shared/fieldText.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { CompanyText, CountryField, PrefectureField, ZipField } from './CompanyInputs.tsx';
import type { companyModalSchema } from './companyForm.ts';

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
  const input = { form, disabled, testIdPrefix };
  const groups: Record<(typeof GROUPS)[number], ReactNode> = {
    company: (
      <Stack gap="md">
        <CompanyText {...input} field="name" max={COMPANY_FIELD_BOUNDS.name} required />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CompanyText {...input} field="corporate_code" max={COMPANY_FIELD_BOUNDS.code} help />
          <CompanyText {...input} field="store_code" max={COMPANY_FIELD_BOUNDS.code} help />
        </SimpleGrid>
      </Stack>
    ),
    address: (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ZipField {...input} />
        <PrefectureField {...input} />
        <CompanyText {...input} field="city" max={COMPANY_FIELD_BOUNDS.city} />
        <CompanyText {...input} field="street" max={COMPANY_FIELD_BOUNDS.street} />
        <CompanyText {...input} field="state" max={COMPANY_FIELD_BOUNDS.state} help />
        <CountryField {...input} />
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
        <CompanyText {...input} field="credit_notation" max={COMPANY_FIELD_BOUNDS.credit_notation} help />
        <CompanyText {...input} field="subdomain" max={63} help />
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
