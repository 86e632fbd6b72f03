import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import type { ContentForm, ContentFormValues } from './contentForm.ts';

/** The vehicle's on/off settings: each a boolean field of the wizard's form. */
type SwitchField = {
  [K in keyof ContentFormValues]: ContentFormValues[K] extends boolean ? K : never;
}[keyof ContentFormValues];

/**
 * One on/off setting of the vehicle in the wizard: its label, help line and test id all follow from the field's
 * name (`contentFields.<name>`, `contentsWizard.help.<name>`, `content-<name>`), as every other wizard input.
 * Controlled from the form's value: Mantine's Switch keeps its own checked state, so a registered (DOM) switch
 * mounted before the stored vehicle arrived showed "off" for a setting stored on, and a save sent what the
 * dealer had not seen.
 */
export function ContentSwitch({ form, name, help = true }: { form: ContentForm; name: SwitchField; help?: boolean }) {
  const { t } = useTranslation();
  return (
    <ControlledField
      form={form}
      name={name}
      render={({ value, onChange, onBlur, ref, error }) => (
        <Switch
          name={name}
          ref={ref}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
          error={error}
          label={t(`contentFields.${name}`)}
          description={help ? t(`contentsWizard.help.${name}`) : undefined}
          data-testid={`content-${name}`}
        />
      )}
    />
  );
}
