import { Alert, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The form shows values typed earlier in this tab that were never saved; they can be dropped in one click. */
export function DraftRestoredNotice({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconHistory aria-hidden />} data-testid="draft-restored">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('domains.form.draftRestored')}</Text>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('domains.form.discardDraft')}
        </Button>
      </Group>
    </Alert>
  );
}
