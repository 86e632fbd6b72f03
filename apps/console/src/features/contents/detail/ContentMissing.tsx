import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a vehicle's screens show when the vehicle is not there (another tenant's, deleted for good). */
export function ContentMissing() {
  const { t } = useTranslation();
  return (
    <Alert color="red" maw={720} mx="auto" data-testid="content-missing">
      {t('contentsDetail.missing')}
    </Alert>
  );
}
