import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth.ts';
import { PageStatus } from '../../components/CenteredLoader.tsx';
import { useDocumentTitle } from '../../shared/currentScreen.ts';

/** /logout: revoke the token, forget the session in this browser, then sign-in. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('logout.title'));

  useEffect(() => {
    let active = true;
    void logout().then(() => {
      if (active) void navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  return <PageStatus message={t('logout.inProgress')} />;
}
