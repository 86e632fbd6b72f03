import { Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';

/**
 * Under the wizard's step: back to the list, the previous step, the next one (checked first), and the save, on the
 * last step or on any step of an edit, unless the vehicle is locked.
 */
export function WizardButtons({
  mode,
  first,
  last,
  readOnly,
  saving,
  onBack,
  onNext,
}: {
  mode: 'add' | 'edit';
  first: boolean;
  last: boolean;
  readOnly: boolean;
  saving: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <LinkButton to="/contents/list" variant="default">
          {t('contentsWizard.backToList')}
        </LinkButton>
        {!first ? (
          <ActionButton icon={IconArrowLeft} variant="default" onClick={onBack} testId="wizard-back">
            {t('contentsWizard.back')}
          </ActionButton>
        ) : null}
      </Group>
      <Group gap="sm">
        {!last ? (
          <ActionButton
            icon={IconArrowRight}
            iconAfter
            variant={mode === 'edit' ? 'default' : 'filled'}
            onClick={onNext}
            testId="wizard-next"
          >
            {t('contentsWizard.next')}
          </ActionButton>
        ) : null}
        {!readOnly && (last || mode === 'edit') ? (
          <ActionButton icon={IconDeviceFloppy} type="submit" loading={saving} testId="wizard-save">
            {t(mode === 'add' ? 'contentsWizard.register' : 'contentsWizard.save')}
          </ActionButton>
        ) : null}
      </Group>
    </Group>
  );
}
