import { Checkbox, Group, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DOMAIN_OPTION_BOUNDS, type FieldError, HOST_FLAGS, type HostFlag } from '@spinyard/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../shared/fieldText.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import {
  type DomainFormMode,
  type DomainFormValues,
  hostErrors,
  NAME_MAX_LENGTH,
  type OptionFormValue,
} from './domainForm.ts';
import { OptionInput } from './OptionInput.tsx';
import {
  OPTION_CONTROLS,
  OPTION_DEPENDS_ON,
  OPTION_SECTION_IDS,
  OPTION_SECTIONS,
  type OptionKey,
  type OptionSectionId,
} from './optionFields.ts';
import type { HostCheck } from './useHostCheck.ts';

export interface DomainFormFieldsProps {
  mode: DomainFormMode;
  values: DomainFormValues;
  onChange: (values: DomainFormValues) => void;
  errors: Record<string, FieldError>;
  /** Clears the error of a field once the user changes it. */
  onFieldEdited: (field: string) => void;
  hostCheck: HostCheck;
  disabled?: boolean;
  /** A custom text for an error (the vehicle limit below the registered count). */
  errorText?: (error: FieldError) => string | undefined;
}

const HOST_INPUT_ID = 'domain-host';

/** Sections led by their switches: the settings below them only matter once they are on. */
const SWITCHES_FIRST: readonly OptionSectionId[] = ['web_negotiation', 'security', 'listing'];

/**
 * Everything of a domain that the form edits: its basic information, its super user (when adding) and every
 * option in its section, with each field's own error beside it.
 */
export function DomainFormFields({
  mode,
  values,
  onChange,
  errors,
  onFieldEdited,
  hostCheck,
  disabled = false,
  errorText,
}: DomainFormFieldsProps) {
  const { t } = useTranslation();
  const [settledHost] = useDebouncedValue(values.host, 400);

  const textOf = (field: string): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return errorText?.(error) ?? fieldErrorText(error);
  };

  const set = <K extends keyof DomainFormValues>(key: K, value: DomainFormValues[K], field: string = key) => {
    onChange({ ...values, [key]: value });
    onFieldEdited(field);
  };

  const setOption = (key: OptionKey, value: OptionFormValue) => {
    const options = { ...values.options, [key]: value };
    // Enforcing two-step authentication needs it on: turning it off turns the enforcement off too.
    if (key === 'two_step_auth' && value === false) options.two_step_auth_enforced = false;
    // The initial row follows a smaller row count down, so the pair stays valid.
    if (
      key === 'obvr_rows_max' &&
      typeof value === 'number' &&
      typeof options.obvr_initial_row === 'number' &&
      options.obvr_initial_row > value &&
      value >= 1
    ) {
      options.obvr_initial_row = value;
    }
    onChange({ ...values, options });
    onFieldEdited(`options.${key}`);
  };

  // The host's own error first (typed or refused), then the rules once typing pauses, then the availability.
  const hostRuleError =
    settledHost === values.host && values.host.trim() !== '' ? hostErrors(values.host)[0] : undefined;
  let hostError = textOf('host') ?? (hostRuleError ? fieldErrorText(hostRuleError) : undefined);
  let codeError = textOf('company_code');
  let hostDescription = t('domains.help.host');
  let hostRight: React.ReactNode = null;
  if (!hostError && !hostRuleError) {
    if (hostCheck.status === 'checking') {
      hostRight = <Loader size={16} aria-hidden />;
      hostDescription = t('domains.hostCheck.checking');
    } else if (hostCheck.status === 'available') {
      hostRight = <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />;
      hostDescription = t('domains.hostCheck.available');
    } else if (hostCheck.status === 'failed') {
      hostRight = <IconAlertTriangle size={18} color="var(--mantine-color-orange-9)" aria-hidden />;
      hostDescription = t('domains.hostCheck.failed');
    } else if (hostCheck.status === 'unavailable') {
      if (hostCheck.reason === 'company_code_in_use') codeError ??= t('domains.hostCheck.company_code_in_use');
      else hostError = t(`domains.hostCheck.${hostCheck.reason}`);
    }
  }

  const numberMax = (key: OptionKey): number | undefined => {
    if (key !== 'obvr_initial_row') return undefined;
    const rows = values.options.obvr_rows_max;
    return typeof rows === 'number' && rows >= 1 ? Math.min(rows, DOMAIN_OPTION_BOUNDS.obvr_rows_max.max) : undefined;
  };

  const optionError = (key: OptionKey): string | undefined => {
    const error = errors[`options.${key}`];
    if (!error) return undefined;
    const custom = errorText?.(error);
    if (custom) return custom;
    const max = numberMax(key);
    const control = OPTION_CONTROLS[key];
    return control.kind === 'number' && max !== undefined
      ? fieldErrorText(error, { bounds: { min: control.min, max } })
      : fieldErrorText(error);
  };

  const isDependentOff = (key: OptionKey): boolean => {
    const parent = OPTION_DEPENDS_ON[key];
    return parent !== undefined && values.options[parent] !== true;
  };

  return (
    <Stack gap="lg">
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

      {mode === 'add' ? (
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
      ) : null}

      {OPTION_SECTION_IDS.map((section) => {
        const keys = OPTION_SECTIONS[section];
        const inputs = keys.filter((key) => OPTION_CONTROLS[key].kind !== 'flag');
        const flags = keys.filter((key) => OPTION_CONTROLS[key].kind === 'flag');
        const render = (key: OptionKey) => (
          <OptionInput
            key={key}
            name={key}
            value={values.options[key]}
            onChange={(value) => setOption(key, value)}
            error={optionError(key)}
            disabled={disabled || isDependentOff(key)}
            max={numberMax(key)}
          />
        );
        return (
          <SectionCard
            key={section}
            title={t(`options.sections.${section}.title`)}
            description={t(`options.sections.${section}.description`)}
            id={`options-${section}`}
            testId={`options-${section}`}
          >
            <Stack gap="lg">
              {SWITCHES_FIRST.includes(section) ? (
                <>
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                    {flags.map(render)}
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                    {inputs.map(render)}
                  </SimpleGrid>
                </>
              ) : (
                <>
                  {inputs.length > 0 ? (
                    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                      {inputs.map(render)}
                    </SimpleGrid>
                  ) : null}
                  {flags.length > 0 ? (
                    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                      {flags.map(render)}
                    </SimpleGrid>
                  ) : null}
                </>
              )}
            </Stack>
          </SectionCard>
        );
      })}
    </Stack>
  );
}
