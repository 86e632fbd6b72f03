import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A known screen that this account cannot use (its role, its domain's options or its host hide it from the
 * menu). Saying so is clearer than "not found" for someone who followed a shared link.
 */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={720} mx="auto" mt="xl" data-testid="not-available">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconLock size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('notAvailable.heading')}
        </Title>
        <Text c="gray.7">{t('notAvailable.body')}</Text>
        <Button component={Link} to="/top" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('common.backToTop')}
        </Button>
      </Stack>
    </Paper>
  );
}
