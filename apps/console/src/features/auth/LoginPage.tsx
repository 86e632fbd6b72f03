import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginOutcome } from '../../api/loginAnswer.ts';
import { tokens } from '../../api/tokens.ts';
import { returnPathFrom } from '../../app/guards/returnPath.ts';
import { AuthCard } from './AuthCard.tsx';
import { DeviceLimitNotice } from './DeviceLimitNotice.tsx';
import { LoginForm } from './LoginForm.tsx';

type DeviceLimit = Extract<LoginOutcome, { kind: 'device_limit' }>;

/** /login: sign in, then go where the visitor wanted to go (or /top). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [deviceLimit, setDeviceLimit] = useState<DeviceLimit | null>(null);

  const onOutcome = (outcome: LoginOutcome) => {
    switch (outcome.kind) {
      case 'signed_in':
        void navigate(returnPathFrom(location.state), { replace: true });
        return;
      case 'second_step':
        // The remembered destination travels on, so the second step can return there too.
        void navigate('/login/authentication', { state: location.state });
        return;
      case 'device_limit':
        setDeviceLimit(outcome);
        return;
      case 'failed':
        return;
    }
  };

  if (deviceLimit) {
    return (
      <AuthCard title={t('deviceLimit.heading')} width={560}>
        <DeviceLimitNotice
          outcome={deviceLimit}
          onBack={() => {
            tokens.clearTemporary();
            setDeviceLimit(null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('screens.login')} description={t('login.lead')}>
      <LoginForm onOutcome={onOutcome} />
    </AuthCard>
  );
}
