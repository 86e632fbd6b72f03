import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentForm, ContentFormValues } from './contentForm.ts';

/** The vehicle's on/off settings: each a boolean field of the wizard's form. */
type SwitchField = {
  [K in keyof ContentFormValues]: ContentFormValues[K] extends boolean ? K : never;
}[keyof ContentFormValues];

/**
 * One on/off setting of the vehicle in the wizard: its label, help line and test id all follow from the field's
 * name (`contentFields.<name>`, `contentsWizard.help.<name>`, `content-<name>`), as every other wizard input.
 */
export function ContentSwitch({ form, name, help = true }: { form: ContentForm; name: SwitchField; help?: boolean }) {
  const { t } = useTranslation();
  return (
    <Switch
      {...form.field(name)}
      label={t(`contentFields.${name}`)}
      description={help ? t(`contentsWizard.help.${name}`) : undefined}
      data-testid={`content-${name}`}
    />
  );
}
