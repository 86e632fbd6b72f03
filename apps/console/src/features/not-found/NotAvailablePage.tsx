import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScreenNotice } from './ScreenNotice.tsx';

/**
 * A known screen that this account cannot use (its role, its domain's options or its host hide it from the
 * menu). Saying so is clearer than "not found" for someone who followed a shared link.
 */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <ScreenNotice
      icon={IconLock}
      heading={t('notAvailable.heading')}
      body={t('notAvailable.body')}
      testId="not-available"
    />
  );
}
