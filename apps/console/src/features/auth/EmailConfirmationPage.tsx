import { Button, Stack } from '@mantine/core';
import { EMAIL_CHANGE_TTL_MS } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useEmailConfirmation } from '../../api/account.ts';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { isSignedIn } from '../../api/tokens.ts';
import { AuthCard } from './AuthCard.tsx';
import { CheckingLinkCard } from './LoadingPanel.tsx';
import { linkProblemOf } from './linkProblems.ts';
import { ResultPanel } from './ResultPanel.tsx';

/**
 * /user/email/confirmation/{token}, opened from the mail sent to a new address: confirms the change and shows
 * the new sign-in address. It works signed in or not (the link may be opened on a phone).
 */
export function EmailConfirmationPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const confirmation = useEmailConfirmation(token);
  const signedIn = isSignedIn();
  const title = t('screens.user_email_confirmation');

  const next = signedIn ? (
    <Button component={Link} to="/account/conf" size="md" fullWidth>
      {t('emailConfirmation.toAccount')}
    </Button>
  ) : (
    <Button component={Link} to="/login" size="md" fullWidth>
      {t('emailConfirmation.signIn')}
    </Button>
  );

  if (confirmation.isPending) {
    return <CheckingLinkCard title={title} message={t('emailConfirmation.checking')} />;
  }

  if (confirmation.isSuccess) {
    return (
      <AuthCard title={title}>
        <ResultPanel
          tone="success"
          testId="email-confirmed"
          message={t('emailConfirmation.done', { email: confirmation.data.email })}
        >
          {next}
        </ResultPanel>
      </AuthCard>
    );
  }

  const problem = linkProblemOf(confirmation.error);
  const message =
    problem === 'other'
      ? confirmation.error instanceof ApiError
        ? apiErrorText(confirmation.error)
        : t('errors.general_error')
      : t(`emailConfirmation.${problem === 'email_taken' ? 'emailTaken' : problem}`, {
          hours: Math.round(EMAIL_CHANGE_TTL_MS / 3_600_000),
        });
  return (
    <AuthCard title={title}>
      <ResultPanel tone="problem" testId={`email-confirmation-${problem}`} message={message}>
        <Stack gap="sm">
          {problem === 'other' ? (
            <Button size="md" onClick={() => void confirmation.refetch()}>
              {t('common.retry')}
            </Button>
          ) : (
            next
          )}
        </Stack>
      </ResultPanel>
    </AuthCard>
  );
}
