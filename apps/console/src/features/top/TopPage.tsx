import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile.ts';
import { useVisibleMenu } from '../../shared/menu/useVisibleMenu.ts';
import { greetingKey } from './greeting.ts';
import { QuickLinkCard } from './QuickLinkCard.tsx';
import classes from './TopPage.module.css';

/**
 * /top, the default landing page: a greeting and the areas this user can open. It shows no figures until
 * the areas that own them exist, rather than numbers nobody measured.
 */
export function TopPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const menu = useVisibleMenu() ?? [];
  const user = profile.data?.user;
  const name = user?.display_name || user?.name || user?.email || '';
  const service = profile.data?.domain.service_name || t('app.name');
  const areas = menu.filter((entry) => entry.id !== 'top');

  return (
    <Stack gap="xl">
      <Paper radius="lg" p={{ base: 'lg', sm: 32 }} className={classes.hero}>
        <Title order={2} size="h2" c="white">
          {t(greetingKey(new Date().getHours()), { name })}
        </Title>
        <Text mt="xs" c="white" maw={720}>
          {t('top.intro', { service })}
        </Text>
      </Paper>
      <section aria-labelledby="top-quick-links">
        <Title order={2} size="h4" mb="md" id="top-quick-links">
          {t('top.quickLinks')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {areas.map((entry) => (
            <QuickLinkCard key={entry.id} entry={entry} />
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
