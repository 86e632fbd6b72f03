import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { abandonHeldSignIn } from '../../api/auth.ts';
import type { DeviceLimitOutcome, LoginOutcome } from '../../api/loginAnswer.ts';
import { isSignedIn } from '../../api/tokens.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { returnPathFrom } from '../../shared/returnPath.ts';
import { AuthCard } from './AuthCard.tsx';
import { LoginForm } from './LoginForm.tsx';
import { deviceLimitOfState, type LoginNotice, loginNoticeKey, loginNoticeOf, nextLoginState } from './loginState.ts';

// Shown only when the sign-in limit is reached: its device table (and Mantine's scroll area) loads then, not with
// the login form.
const DeviceLimitPanel = lazy(() => import('./DeviceLimitPanel.tsx').then((m) => ({ default: m.DeviceLimitPanel })));

/**
 * /login: sign in, then go where the visitor wanted to go (or /top). A 202 goes on to the code entry; a 201 shows
 * the device list here (also when it comes after the second step, handed over in the location state). A notice
 * in the state says why the user is back here (an expired code, an ended sign-in).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [deviceLimit, setDeviceLimit] = useState<DeviceLimitOutcome | undefined>(() =>
    deviceLimitOfState(location.state),
  );
  const [notice, setNotice] = useState<LoginNotice | undefined>(() => loginNoticeOf(location.state));
  // A signed-in visitor who opens /login (a second tab, a bookmark) lands on /top. The app's own ways here (an
  // ended session, the "another user" alert) carry a state and keep the form.
  const [openedSignedIn] = useState(() => isSignedIn() && location.state == null);

  const signedIn = () => void navigate(returnPathFrom(location.state), { replace: true });

  const backToForm = (next?: LoginNotice) => {
    setDeviceLimit(undefined);
    setNotice(next);
    // The device list handed over in the state must not come back with the browser's back button.
    void navigate('/login', { replace: true, state: nextLoginState(location.state) });
  };

  const onOutcome = (outcome: LoginOutcome) => {
    setNotice(undefined);
    switch (outcome.kind) {
      case 'signed_in':
        signedIn();
        return;
      case 'second_step':
        // The remembered destination travels on, so the second step can return there too.
        void navigate('/login/authentication', {
          state: nextLoginState(location.state, { delivery: outcome.delivery }),
        });
        return;
      case 'device_limit':
        setDeviceLimit(outcome);
        return;
      case 'failed':
        return;
    }
  };

  if (openedSignedIn) return <Navigate to="/top" replace />;

  if (deviceLimit) {
    return (
      <AuthCard title={t('deviceLimit.heading')} width={880}>
        <Suspense fallback={<CenteredLoader py={32} />}>
          <DeviceLimitPanel
            outcome={deviceLimit}
            onSignedIn={signedIn}
            onEnded={backToForm}
            onBack={() => {
              abandonHeldSignIn();
              backToForm();
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('screens.login')} description={t('login.lead')}>
      {notice ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="login-notice">
          {t(loginNoticeKey(notice))}
        </Alert>
      ) : null}
      <LoginForm onOutcome={onOutcome} />
    </AuthCard>
  );
}
