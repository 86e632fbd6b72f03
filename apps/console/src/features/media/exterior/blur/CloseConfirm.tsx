import { Button, Flex, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '../../../../components/DialogShell.tsx';

export interface CloseConfirmProps {
  opened: boolean;
  /** Back to the editor. */
  onKeepEditing: () => void;
  /** Close; the draft stays in this browser. */
  onClose: () => void;
  /** Close and forget the unapplied changes. */
  onDiscard: () => void;
}

/**
 * Asked when the blur editor is closed with changes not applied. Closing keeps them as a draft in this browser, so
 * the plain "close" loses nothing; throwing them away is the separate, explicit choice.
 */
export function CloseConfirm({ opened, onKeepEditing, onClose, onDiscard }: CloseConfirmProps) {
  const { t } = useTranslation();
  return (
    <DialogShell opened={opened} onClose={onKeepEditing} title={t('exteriorBlur.draft.confirmTitle')} size="lg">
      <Stack gap="md" data-testid="blur-close-confirm">
        <Text size="sm">{t('exteriorBlur.draft.confirmText')}</Text>
        {/* One row on a wide screen; on a phone full-width buttons, stacked with the plain "close" on top. */}
        <Flex
          direction={{ base: 'column-reverse', sm: 'row' }}
          justify={{ base: 'flex-start', sm: 'flex-end' }}
          align={{ base: 'stretch', sm: 'center' }}
          gap="sm"
        >
          <Button type="button" variant="subtle" color="red" onClick={onDiscard} data-testid="blur-close-discard">
            {t('exteriorBlur.draft.discardAndClose')}
          </Button>
          <Button type="button" variant="default" onClick={onKeepEditing} data-testid="blur-close-keep-editing">
            {t('exteriorBlur.draft.keepEditing')}
          </Button>
          <Button type="button" onClick={onClose} data-testid="blur-close-keep-draft">
            {t('exteriorBlur.draft.close')}
          </Button>
        </Flex>
      </Stack>
    </DialogShell>
  );
}
