import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Grey bars where a list's rows are about to appear, announced as loading. */
export function ListSkeleton({ rows = 5, height = 36 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  const bars = Array.from({ length: rows }, (_, bar) => bar);
  return (
    // A name is allowed only on an element with a role: the status role also lets screen readers announce it.
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {bars.map((bar) => (
        <Skeleton key={bar} height={height} radius="sm" />
      ))}
    </Stack>
  );
}
