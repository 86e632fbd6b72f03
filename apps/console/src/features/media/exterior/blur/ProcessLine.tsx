import { Progress, Stack, Text } from '@mantine/core';
import type { ProcessAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { blurRunning } from '../../../../api/exteriorBlur.ts';
import { i18n } from '../../../../i18n/i18n.ts';

/** The text of a failed blur process: its catalogue code in the user's language, else the generic sentence. */
function processFailureText(error: string | null): string {
  const code = error ? /^([a-z0-9_]+): /.exec(error)?.[1] : undefined;
  return code && i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`) : i18n.t('exteriorBlur.apply.failed');
}

/** The blur process's line in the editor: its progress while it runs, then how it ended. */
export function ProcessLine({ process }: { process: ProcessAnswer | null | undefined }) {
  const { t } = useTranslation();
  if (!process) return null;
  const running = blurRunning(process);
  const value = process.status === 'succeeded' ? 100 : process.progress;
  return (
    <Stack gap={4} data-testid="blur-progress" data-status={process.status}>
      <Text size="sm" aria-live="polite" c={process.status === 'failed' ? 'red.8' : undefined}>
        {running
          ? t('exteriorBlur.apply.running', { percent: value })
          : process.status === 'succeeded'
            ? t('exteriorBlur.apply.succeeded')
            : processFailureText(process.error)}
      </Text>
      <Progress
        value={value}
        color={process.status === 'failed' ? 'red' : process.status === 'succeeded' ? 'green' : 'blue'}
        animated={running}
        aria-label={t('exteriorBlur.apply.progressLabel')}
      />
    </Stack>
  );
}
