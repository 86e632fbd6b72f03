import { SimpleGrid, Stack } from '@mantine/core';
import { DOMAIN_OPTION_BOUNDS, type FieldError } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../shared/fieldText.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import type { DomainFormValues, OptionFormValue } from './domainForm.ts';
import { OptionInput } from './OptionInput.tsx';
import {
  OPTION_CONTROLS,
  OPTION_DEPENDS_ON,
  OPTION_SECTION_IDS,
  OPTION_SECTIONS,
  type OptionKey,
  type OptionSectionId,
} from './optionFields.ts';

/** Sections led by their switches: the settings below them only matter once they are on. */
const SWITCHES_FIRST: readonly OptionSectionId[] = ['web_negotiation', 'security', 'listing'];

/** The options after one of them changed, with the options that follow it kept valid. */
function withOption(options: DomainFormValues['options'], key: OptionKey, value: OptionFormValue) {
  const next = { ...options, [key]: value };
  // Enforcing two-step authentication needs it on: turning it off turns the enforcement off too.
  if (key === 'two_step_auth' && value === false) next.two_step_auth_enforced = false;
  // The initial row follows a smaller row count down, so the pair stays valid.
  if (
    key === 'obvr_rows_max' &&
    typeof value === 'number' &&
    typeof next.obvr_initial_row === 'number' &&
    next.obvr_initial_row > value &&
    value >= 1
  ) {
    next.obvr_initial_row = value;
  }
  return next;
}

/** Every option of a domain, one card per section, each input with its own error beside it. */
export function DomainOptionSections({
  values,
  onChange,
  errors,
  onFieldEdited,
  disabled,
  errorText,
}: {
  values: DomainFormValues;
  onChange: (values: DomainFormValues) => void;
  errors: Record<string, FieldError>;
  onFieldEdited: (field: string) => void;
  disabled: boolean;
  errorText?: ((error: FieldError) => string | undefined) | undefined;
}) {
  const { t } = useTranslation();

  const setOption = (key: OptionKey, value: OptionFormValue) => {
    onChange({ ...values, options: withOption(values.options, key, value) });
    onFieldEdited(`options.${key}`);
  };

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
  const grid = (keys: OptionKey[]) =>
    keys.length > 0 ? (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {keys.map(render)}
      </SimpleGrid>
    ) : null;

  return OPTION_SECTION_IDS.map((section) => {
    const keys = OPTION_SECTIONS[section];
    const inputs = keys.filter((key) => OPTION_CONTROLS[key].kind !== 'flag');
    const flags = keys.filter((key) => OPTION_CONTROLS[key].kind === 'flag');
    const switchesFirst = SWITCHES_FIRST.includes(section);
    return (
      <SectionCard
        key={section}
        title={t(`options.sections.${section}.title`)}
        description={t(`options.sections.${section}.description`)}
        id={`options-${section}`}
        testId={`options-${section}`}
      >
        <Stack gap="lg">
          {switchesFirst ? grid(flags) : grid(inputs)}
          {switchesFirst ? grid(inputs) : grid(flags)}
        </Stack>
      </SectionCard>
    );
  });
}
