import { Checkbox, Group, NativeSelect, NumberInput, Radio, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/locale.ts';
import { numberInputValue, type OptionFormValue } from './domainForm.ts';
import { OPTION_CONTROLS, OPTIONS_WITH_HELP, type OptionKey } from './optionFields.ts';

export interface OptionInputProps {
  name: OptionKey;
  value: OptionFormValue;
  onChange: (value: OptionFormValue) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Bounds that depend on another option (the initial row cannot pass the row count). */
  max?: number | undefined;
}

/** One domain option: a switch, radio buttons or a select for a choice, or a whole number (maybe unlimited). */
export function OptionInput({ name, value, onChange, error, disabled = false, max }: OptionInputProps) {
  const { t } = useTranslation();
  const control = OPTION_CONTROLS[name];
  const label = t(`options.labels.${name}`);
  const help = OPTIONS_WITH_HELP.includes(name) ? t(`options.help.${name}`) : undefined;
  const testId = `option-${name}`;

  if (control.kind === 'flag') {
    return (
      <Switch
        label={label}
        description={help}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
        error={error}
        data-testid={testId}
      />
    );
  }

  if (control.kind === 'choice') {
    const options = control.values.map((v) => ({ value: String(v), label: t(`options.values.${name}.${v}`) }));
    if (options.length <= 3) {
      return (
        <Radio.Group
          label={label}
          description={help}
          value={String(value)}
          onChange={(next) => onChange(next)}
          error={error}
          data-testid={testId}
        >
          <Group gap="lg" mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    }
    return (
      <NativeSelect
        label={label}
        description={help}
        value={String(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={options}
        disabled={disabled}
        error={error}
        data-testid={testId}
      />
    );
  }

  const upper = max ?? control.max;
  const locale = currentLocale();
  const range = t('options.range', { min: control.min.toLocaleString(locale), max: upper.toLocaleString(locale) });
  const unlimited = control.nullable && value === null;
  return (
    <Stack gap={6}>
      <NumberInput
        label={label}
        description={help ? `${help} ${range}` : range}
        value={unlimited || value === '' || typeof value !== 'number' ? '' : value}
        onChange={(next) => onChange(numberInputValue(next))}
        min={control.min}
        max={upper}
        allowDecimal={false}
        allowNegative={control.min < 0}
        clampBehavior="none"
        thousandSeparator={false}
        placeholder={unlimited ? t(`options.unlimited.${name}`) : undefined}
        disabled={disabled || unlimited}
        error={error}
        data-testid={testId}
        inputMode="numeric"
      />
      {control.nullable ? (
        <Checkbox
          size="sm"
          label={t(`options.unlimited.${name}`)}
          checked={unlimited}
          onChange={(event) => onChange(event.currentTarget.checked ? null : '')}
          disabled={disabled}
          data-testid={`${testId}-unlimited`}
        />
      ) : null}
    </Stack>
  );
}
