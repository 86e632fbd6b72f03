import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A copy button for an address or a code, named after what it copies; it says "copied" for a moment. */
export function CopyValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="compact-sm"
          variant="light"
          color={copied ? 'green' : 'blue'}
          leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={copy}
          aria-label={t('contentsDetail.copyOf', { name: label })}
          data-testid={testId}
        >
          {copied ? t('contentsDetail.copied') : t('contentsDetail.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
