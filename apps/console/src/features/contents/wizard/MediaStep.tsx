import { Alert, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import type { WizardTab } from './wizardTabs.ts';

/**
 * A media section of the wizard (exterior, interior, rider view, category images, video link, original video):
 * a step of its own in the spec's order, saying what it will hold; its controls come with the media issue, so
 * nothing here pretends to upload.
 */
export function MediaStep({ tab }: { tab: WizardTab }) {
  const { t } = useTranslation();
  return (
    <SectionCard id={`content-${tab}`} title={t(`contentsWizard.tabs.${tab}`)}>
      <Text size="sm" mb="md">
        {t(`contentsWizard.media.${tab}`)}
      </Text>
      <Alert color="blue" variant="light" icon={<IconPhoto aria-hidden />} data-testid="media-later">
        {t('contentsWizard.media.later')}
      </Alert>
    </SectionCard>
  );
}
