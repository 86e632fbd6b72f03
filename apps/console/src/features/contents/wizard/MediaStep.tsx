import { Alert, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import type { WizardTab } from './wizardTabs.ts';

// Each media area's panel is loaded when its tab is first opened: the spin editor and the uploader are heavy.
const PANELS = {
  exterior: lazy(() => import('../../media/exterior/ExteriorPanel.tsx').then((m) => ({ default: m.ExteriorPanel }))),
  interior: lazy(() => import('../../media/interior/InteriorPanel.tsx').then((m) => ({ default: m.InteriorPanel }))),
  rider_view: lazy(() => import('../../media/slider/RiderViewPanel.tsx').then((m) => ({ default: m.RiderViewPanel }))),
  category_images: lazy(() =>
    import('../../media/slider/CategoryImagesPanel.tsx').then((m) => ({ default: m.CategoryImagesPanel })),
  ),
  video_link: lazy(() =>
    import('../../media/slider/VideoLinksPanel.tsx').then((m) => ({ default: m.VideoLinksPanel })),
  ),
  original_video: lazy(() =>
    import('../../media/slider/OriginalVideosPanel.tsx').then((m) => ({ default: m.OriginalVideosPanel })),
  ),
} as const;

export interface MediaStepProps {
  tab: WizardTab;
  /** The saved vehicle; null while registering (media need a vehicle to belong to). */
  contentId: string | null;
  readOnly: boolean;
}

/**
 * A media section of the wizard (exterior, interior, rider view, category images, video link, original video) in
 * the spec's order. Media are saved as they are uploaded, each to its vehicle, so while a new vehicle is being
 * registered the step says that its media are added right after registering (the wizard then opens its media).
 */
export function MediaStep({ tab, contentId, readOnly }: MediaStepProps) {
  const { t } = useTranslation();
  const Panel = PANELS[tab as keyof typeof PANELS];
  return (
    <SectionCard id={`content-${tab}`} title={t(`contentsWizard.tabs.${tab}`)}>
      <Text size="sm" mb="md">
        {t(`contentsWizard.media.${tab}`)}
      </Text>
      {contentId === null || !Panel ? (
        <Alert color="blue" variant="light" icon={<IconPhoto aria-hidden />} data-testid="media-after-register">
          {t('contentsWizard.media.afterRegister')}
        </Alert>
      ) : (
        <Suspense fallback={<CenteredLoader py={32} />}>
          <Panel contentId={contentId} readOnly={readOnly} />
        </Suspense>
      )}
    </SectionCard>
  );
}
