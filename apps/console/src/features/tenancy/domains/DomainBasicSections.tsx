import { Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DOMAIN_OPTION_BOUNDS, HOST_FLAGS, type HostFlag } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/SectionCard.tsx';
import { type DomainFormMode, type DomainFormValues, NAME_MAX_LENGTH } from './domainForm.ts';
import type { HostCheck } from './useHostCheck.ts';
import { useHostField } from './useHostField.tsx';

const HOST_INPUT_ID = 'domain-host';

/** What a section of the domain form needs: the values, how to change one field, each field's error text. */
export interface DomainSectionProps {
  values: DomainFormValues;
  set: <K extends keyof DomainFormValues>(key: K, value: DomainFormValues[K], field?: string) => void;
  textOf: (field: string) => string | undefined;
  disabled: boolean;
}

/** The domain's basic information: host (checked as it is typed), company code, service and company names, flags. */
export function DomainBasicSection({
  mode,
  hostCheck,
  values,
  set,
  textOf,
  disabled,
}: DomainSectionProps & { mode: DomainFormMode; hostCheck: HostCheck }) {
  const { t } = useTranslation();
  const { hostError, codeError, hostDescription, hostRight } = useHostField(values.host, hostCheck, textOf);
  return (
    <SectionCard title={t('domains.sections.basic')} description={t('domains.sections.basicHelp')} id="domain-basic">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            id={HOST_INPUT_ID}
            label={t('domains.fields.host')}
            description={hostDescription}
            withAsterisk
            aria-required
            autoComplete="off"
            spellCheck={false}
            value={values.host}
            onChange={(event) => set('host', event.currentTarget.value)}
            error={hostError}
            rightSection={hostRight}
            disabled={disabled}
            data-testid="domain-host"
            wrapperProps={{ 'data-testid': 'field-host' }}
          />
          <TextInput
            label={t('domains.fields.company_code')}
            description={mode === 'add' ? t('domains.help.company_code') : t('domains.help.company_code_fixed')}
            withAsterisk={mode === 'add'}
            aria-required={mode === 'add'}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            value={values.company_code}
            onChange={(event) => set('company_code', event.currentTarget.value)}
            readOnly={mode === 'edit'}
            variant={mode === 'edit' ? 'filled' : 'default'}
            error={codeError}
            disabled={disabled}
            data-testid="domain-company-code"
            wrapperProps={{ 'data-testid': 'field-company_code' }}
          />
          <TextInput
            label={t('domains.fields.service_name')}
            description={t('domains.help.service_name')}
            withAsterisk
            aria-required
            maxLength={DOMAIN_OPTION_BOUNDS.service_name_max_length}
            value={values.service_name}
            onChange={(event) => set('service_name', event.currentTarget.value)}
            error={textOf('service_name')}
            disabled={disabled}
            data-testid="domain-service-name"
            wrapperProps={{ 'data-testid': 'field-service_name' }}
          />
          {mode === 'add' ? (
            <TextInput
              label={t('domains.fields.company_name')}
              description={t('domains.help.company_name')}
              placeholder={values.service_name.trim() || undefined}
              maxLength={NAME_MAX_LENGTH}
              value={values.company_name}
              onChange={(event) => set('company_name', event.currentTarget.value)}
              error={textOf('company_name')}
              disabled={disabled}
              data-testid="domain-company-name"
            />
          ) : null}
        </SimpleGrid>
        <Checkbox.Group
          label={t('domains.fields.host_flags')}
          description={t('domains.help.host_flags')}
          value={values.host_flags}
          onChange={(next) =>
            set(
              'host_flags',
              HOST_FLAGS.filter((flag) => next.includes(flag)),
              'host_flags',
            )
          }
          error={textOf('host_flags')}
        >
          <Group gap="lg" mt="xs">
            {HOST_FLAGS.map((flag: HostFlag) => (
              <Checkbox
                key={flag}
                value={flag}
                label={t(`domains.hostFlags.${flag}`)}
                disabled={disabled}
                data-testid={`host-flag-${flag}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </SectionCard>
  );
}

/** The super user created with a new domain: e-mail and name. */
export function DomainSuperUserSection({ values, set, textOf, disabled }: DomainSectionProps) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('domains.sections.superUser')}
      description={t('domains.sections.superUserHelp')}
      id="domain-super-user"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          type="email"
          inputMode="email"
          autoComplete="off"
          label={t('domains.fields.super_user_email')}
          withAsterisk
          aria-required
          value={values.super_user_email}
          onChange={(event) => set('super_user_email', event.currentTarget.value, 'super_user.email')}
          error={textOf('super_user.email') ?? textOf('super_user')}
          disabled={disabled}
          data-testid="domain-super-user-email"
          wrapperProps={{ 'data-testid': 'field-super_user.email' }}
        />
        <TextInput
          autoComplete="off"
          label={t('domains.fields.super_user_name')}
          description={t('domains.help.super_user_name')}
          placeholder={values.company_name.trim() || values.service_name.trim() || undefined}
          maxLength={NAME_MAX_LENGTH}
          value={values.super_user_name}
          onChange={(event) => set('super_user_name', event.currentTarget.value, 'super_user.name')}
          error={textOf('super_user.name')}
          disabled={disabled}
          data-testid="domain-super-user-name"
        />
      </SimpleGrid>
    </SectionCard>
  );
}
