import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth.ts';
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

  return (
    <main>
      <Center h="100dvh">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text role="status">{t('logout.inProgress')}</Text>
        </Stack>
      </Center>
    </main>
  );
}
