import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';

/** What a slider panel shows until its list is read: the loader, or the note that it could not be (`failed`). */
export function SliderNotLoaded({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  if (!failed) return <CenteredLoader py={32} />;
  return (
    <Alert color="red" variant="light" role="alert">
      {t('slider.loadFailed')}
    </Alert>
  );
}
