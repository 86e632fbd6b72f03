import { Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSignedIn } from '../../api/tokens.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { AuthCard } from '../auth/AuthCard.tsx';
import { ScreenNotice } from './ScreenNotice.tsx';

/** Inside the main layout: the top bar's heading says "not found", the page says why and leads back. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <ScreenNotice icon={IconMapSearch} heading={t('notFound.heading')} body={t('notFound.body')} testId="not-found" />
  );
}

/** In the login layout (a visitor who is not signed in): the page's own heading and a way to sign in. */
export function PublicNotFound() {
  const { t } = useTranslation();
  const signedIn = isSignedIn();
  return (
    <AuthCard title={t('screens.not_found')}>
      <Stack gap="lg" data-testid="not-found">
        <Text c="gray.7" ta="center">
          {t('notFound.body')}
        </Text>
        <LinkButton to={signedIn ? '/top' : '/login'} variant="light" icon={IconArrowLeft}>
          {signedIn ? t('common.backToTop') : t('common.backToLogin')}
        </LinkButton>
      </Stack>
    </AuthCard>
  );
}
