import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton.tsx';

/**
 * A page of the main layout that has nothing to show but a sentence (not found, not available to this account):
 * the top bar keeps the screen's title, the page says why in its own heading and leads back to the top page.
 */
export function ScreenNotice({
  icon: NoticeIcon,
  heading,
  body,
  testId,
}: {
  icon: Icon;
  heading: string;
  body: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={720} mx="auto" mt="xl" data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <NoticeIcon size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {heading}
        </Title>
        <Text c="gray.7">{body}</Text>
        <LinkButton to="/top" variant="light" icon={IconArrowLeft}>
          {t('common.backToTop')}
        </LinkButton>
      </Stack>
    </Paper>
  );
}
