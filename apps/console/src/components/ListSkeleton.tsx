import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Grey bars where a list's rows are about to appear, announced as loading. */
export function ListSkeleton({ rows = 5, height = 36 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  const bars = Array.from({ length: rows }, (_, bar) => bar);
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
      {bars.map((bar) => (
        <Skeleton key={bar} height={height} radius="sm" />
      ))}
    </Stack>
  );
}
