import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={onBack}
            data-testid="wizard-back"
          >
            {t('contentsWizard.back')}
          </Button>
        ) : null}
      </Group>
      <Group gap="sm">
        {!last ? (
          <Button
            variant={mode === 'edit' ? 'default' : 'filled'}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={onNext}
            data-testid="wizard-next"
          >
            {t('contentsWizard.next')}
          </Button>
        ) : null}
        {!readOnly && (last || mode === 'edit') ? (
          <Button
            type="submit"
            loading={saving}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="wizard-save"
          >
            {t(mode === 'add' ? 'contentsWizard.register' : 'contentsWizard.save')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
