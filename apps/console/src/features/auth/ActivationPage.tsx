import { Anchor, Button, Divider, Stack } from '@mantine/core';
import { ACTIVATION_TTL_MS } from '@spinyard/domain';
import { IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { activateAccount } from '../../api/account.ts';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { AuthCard } from './AuthCard.tsx';
import { CheckingLinkCard } from './LoadingPanel.tsx';
import { linkProblemOf } from './linkProblems.ts';
import { ResendActivationForm } from './ResendActivationForm.tsx';
import { ResultPanel } from './ResultPanel.tsx';

/**
 * /user/activation/{activation_id}, opened from the activation mail: activates on open and says how it went.
 * An expired or invalid link offers a new mail. The call runs once per link (a cached query), so React's double
 * effects in development, or coming back to the page, do not turn "activated" into "already active".
 */
export function ActivationPage() {
  const { t } = useTranslation();
  const token = useParams().activationId ?? '';
  const activation = useQuery({
    queryKey: ['activation', token],
    queryFn: () => activateAccount(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const title = t('screens.user_activation');

  const signIn = (
    <Button component={Link} to="/login" size="md" fullWidth leftSection={<IconLogin2 size={18} aria-hidden />}>
      {t('activation.signIn')}
    </Button>
  );

  if (activation.isPending) {
    return <CheckingLinkCard title={title} message={t('activation.checking')} />;
  }

  if (activation.isSuccess && activation.data.passwordToken) {
    // A new account without a password: straight on to choosing one (the link works like a reset link).
    return <Navigate to={`/user/password/confirmation/${encodeURIComponent(activation.data.passwordToken)}`} replace />;
  }

  if (activation.isSuccess) {
    const { status, email } = activation.data;
    return (
      <AuthCard title={title}>
        <ResultPanel
          tone={status === 'activated' ? 'success' : 'info'}
          testId={status === 'activated' ? 'activation-done' : 'activation-already'}
          message={t(status === 'activated' ? 'activation.activated' : 'activation.alreadyActive', { email })}
        >
          <Stack gap="sm">
            {signIn}
            {/* An account made without a password (a new super user) sets one by the reset mail. */}
            <Anchor component={Link} to="/user/password" size="sm" ta="center">
              {t('activation.setPassword')}
            </Anchor>
          </Stack>
        </ResultPanel>
      </AuthCard>
    );
  }

  const problem = linkProblemOf(activation.error);
  if (problem === 'other') {
    return (
      <AuthCard title={title}>
        <ResultPanel
          tone="problem"
          testId="activation-failed"
          message={activation.error instanceof ApiError ? apiErrorText(activation.error) : t('errors.general_error')}
        >
          <Button size="md" onClick={() => void activation.refetch()}>
            {t('common.retry')}
          </Button>
        </ResultPanel>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} width={480}>
      <ResultPanel
        tone="problem"
        testId={problem === 'expired' ? 'activation-expired' : 'activation-invalid'}
        message={t(problem === 'expired' ? 'activation.linkExpired' : 'activation.linkInvalid', {
          days: Math.round(ACTIVATION_TTL_MS / 86_400_000),
        })}
      >
        <Stack gap="md">
          <ResendActivationForm />
          <Divider />
          <Button component={Link} to="/login" variant="subtle">
            {t('common.backToLogin')}
          </Button>
        </Stack>
      </ResultPanel>
    </AuthCard>
  );
}
