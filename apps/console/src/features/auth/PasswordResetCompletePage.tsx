import { Button } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { ResultPanel } from './ResultPanel.tsx';

/** /user/password/complete: the password was reset and every device of the account was signed out. */
export function PasswordResetCompletePage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('screens.user_password_complete')}>
      <ResultPanel tone="success" message={t('passwordReset.done')} testId="reset-complete">
        <Button component={Link} to="/login" size="md" fullWidth leftSection={<IconLogin2 size={18} aria-hidden />}>
          {t('passwordReset.signIn')}
        </Button>
      </ResultPanel>
    </AuthCard>
  );
}
