import { IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { movieWizardPath } from './movieWizardPath.ts';

/** "Make a video": the link to a vehicle's content-video wizard, for the vehicle's pages (its movie card). */
export function MovieWizardLink({
  carId,
  variant = 'default',
  testId = 'movie-wizard-link',
}: {
  carId: string;
  variant?: 'default' | 'filled' | 'light';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <LinkButton to={movieWizardPath(carId)} icon={IconMovie} variant={variant} testId={testId}>
      {t('movieWizard.open')}
    </LinkButton>
  );
}
