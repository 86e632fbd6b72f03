import { Group, Text } from '@mantine/core';
import { csvDaysWithinLimit } from '@spinyard/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ActionButton.tsx';
import type { Period } from './PeriodInputs.tsx';

/**
 * A statistics page's CSV download: refused past one month (the product's CSV rule, csvDaysWithinLimit; the server
 * holds it too), saying so beside the button; busy while the file comes. A refusal is shown by the client.
 */
export function CsvButton({
  period,
  ready,
  download,
  testId,
  oneMonth = true,
}: {
  period: Period;
  /** The page has what the file needs (a valid period, a chosen dealer...). */
  ready: boolean;
  download: () => Promise<void> | void;
  testId: string;
  /** The file follows the one-month rule (the vehicle statistics' file, older than the rule, covers the chart's year). */
  oneMonth?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const tooLong = oneMonth && ready && !csvDaysWithinLimit(period.from, period.to);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch {
      // The client has shown the catalogue's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group justify="flex-end" mt="md" gap="sm">
      {tooLong ? (
        <Text size="sm" c="gray.7" data-testid={`${testId}-too-long`}>
          {t('statistics.csvTooLong')}
        </Text>
      ) : null}
      <ActionButton
        icon={IconDownload}
        variant="light"
        onClick={() => void run()}
        loading={busy}
        disabled={!ready || tooLong}
        testId={testId}
      >
        {t('statistics.csv')}
      </ActionButton>
    </Group>
  );
}
