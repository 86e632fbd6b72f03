import { Button, Stack } from '@mantine/core';
import { PASSWORD_RESET_TTL_MS } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/account.ts';
import { AuthCard } from './AuthCard.tsx';
import { BackToLoginLink } from './BackToLoginLink.tsx';
import { EmailRequestForm } from './EmailRequestForm.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { useEmailRequest } from './useEmailRequest.ts';

/**
 * /user/password: the e-mail address of the account; the server mails a link to set a new password. The answer
 * is the same whether or not the address is registered, and so is this screen.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useEmailRequest(requestPasswordReset);
  const hours = Math.round(PASSWORD_RESET_TTL_MS / 3_600_000);

  if (request.sentTo) {
    return (
      <AuthCard title={t('screens.user_password')}>
        <ResultPanel
          tone="mail"
          message={t('passwordReset.sent', { email: request.sentTo, hours })}
          testId="reset-requested"
        >
          <Stack gap="sm">
            <Button component={Link} to="/login" size="md" fullWidth>
              {t('common.backToLogin')}
            </Button>
            <Button variant="subtle" onClick={request.again}>
              {t('passwordReset.sendAgain')}
            </Button>
          </Stack>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('screens.user_password')} description={t('passwordReset.lead')}>
      <EmailRequestForm
        request={request}
        label={t('passwordReset.formLabel')}
        submitLabel={t('passwordReset.submit')}
        errorTestId="reset-request-error"
      >
        <BackToLoginLink>{t('common.backToLogin')}</BackToLoginLink>
      </EmailRequestForm>
    </AuthCard>
  );
}
