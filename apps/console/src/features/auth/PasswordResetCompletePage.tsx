import { Button } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { ResultPanel } from './ResultPanel.tsx';

/** Whether the password just set was the account's first (the end of an activation), from the form's state. */
function isFirstPassword(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { firstPassword?: unknown }).firstPassword === true;
}

/**
 * /user/password/complete: the password was reset and every device of the account was signed out; or, right after
 * an activation, the account's first password was set and it is ready (nothing was signed out).
 */
export function PasswordResetCompletePage() {
  const { t } = useTranslation();
  const firstPassword = isFirstPassword(useLocation().state);
  return (
    <AuthCard title={firstPassword ? t('activation.completeTitle') : t('screens.user_password_complete')}>
      <ResultPanel
        tone="success"
        message={firstPassword ? t('activation.complete') : t('passwordReset.done')}
        testId="reset-complete"
      >
        <Button component={Link} to="/login" size="md" fullWidth leftSection={<IconLogin2 size={18} aria-hidden />}>
          {t('passwordReset.signIn')}
        </Button>
      </ResultPanel>
    </AuthCard>
  );
}
