import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useCurrentScreenId } from '../../shared/currentScreen.ts';

/** The screen's title and what a screen not built yet says: that it comes later, and the way back. */
export function useComingSoon(fallbackScreen: string, back: '/top' | '/login') {
  const { t } = useTranslation();
  const title = t(`screens.${useCurrentScreenId() ?? fallbackScreen}`);
  const notice = (
    <>
      <Text c="gray.7" maw={520} ta="center">
        {t('comingSoon.body', { screen: title })}
      </Text>
      <LinkButton to={back} variant="light" icon={IconArrowLeft}>
        {t(back === '/top' ? 'common.backToTop' : 'common.backToLogin')}
      </LinkButton>
    </>
  );
  return { title, notice };
}

/**
 * A screen of the spec's list that a later release builds. The top bar already carries its title and
 * breadcrumb; the page says plainly that the screen is not ready rather than showing made-up data.
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { notice } = useComingSoon('top', '/top');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={720} mx="auto" mt="xl" data-testid="coming-soon">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="blue">
          <IconTools size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('comingSoon.heading')}
        </Title>
        {notice}
      </Stack>
    </Paper>
  );
}
