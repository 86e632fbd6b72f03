import { Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useCurrentScreenId } from '../../shared/currentScreen.ts';
import { AuthCard } from '../auth/AuthCard.tsx';

/** A public screen (registration, password reset, plans) that a later release builds. */
export function PublicComingSoonPage() {
  const { t } = useTranslation();
  const screenId = useCurrentScreenId() ?? 'login';
  const title = t(`screens.${screenId}`);
  return (
    <AuthCard title={title}>
      <Stack gap="lg" data-testid="coming-soon">
        <Text c="gray.7" ta="center">
          {t('comingSoon.body', { screen: title })}
        </Text>
        <LinkButton to="/login" variant="light" icon={IconArrowLeft}>
          {t('common.backToLogin')}
        </LinkButton>
      </Stack>
    </AuthCard>
  );
}
