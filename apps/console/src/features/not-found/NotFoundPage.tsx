import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn } from '../../api/tokens.ts';
import { AuthCard } from '../auth/AuthCard.tsx';

/** Inside the main layout: the top bar's heading says "not found", the page says why and leads back. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={720} mx="auto" mt="xl" data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconMapSearch size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('notFound.heading')}
        </Title>
        <Text c="gray.7">{t('notFound.body')}</Text>
        <Button component={Link} to="/top" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('common.backToTop')}
        </Button>
      </Stack>
    </Paper>
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
        <Button
          component={Link}
          to={signedIn ? '/top' : '/login'}
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {signedIn ? t('common.backToTop') : t('common.backToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
