import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZES, type PageSize } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/locale.ts';

/**
 * Under a paged table: how many rows there are, the page size (10 to 300, second document section 9) and the
 * pages. Five page buttons; three on a narrow screen or past page 999, where the numbers get wide. Its texts sit
 * under `domains.common`, where they were first written; every paged list uses the same ones.
 */
export function ListFooter({
  total,
  page,
  limit,
  onPage,
  onLimit,
  testId,
}: {
  total: number;
  page: number;
  limit: PageSize;
  onPage: (page: number) => void;
  onLimit: (limit: PageSize) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const locale = currentLocale();
  return (
    <Group justify="space-between" gap="md" mt="md" wrap="wrap" data-testid={testId}>
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('domains.common.range', {
            first: first.toLocaleString(locale),
            last: last.toLocaleString(locale),
            total: total.toLocaleString(locale),
          })}
        </Text>
        <NativeSelect
          size="xs"
          w={150}
          aria-label={t('domains.common.pageSize')}
          value={String(limit)}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            const size = PAGE_SIZES.find((s) => s === next);
            if (size) onLimit(size);
          }}
          data={PAGE_SIZES.map((size) => ({
            value: String(size),
            label: t('domains.common.perPage', { size }),
          }))}
        />
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          siblings={narrow || pages > 999 ? 0 : 1}
          boundaries={1}
          size="sm"
          getItemProps={(p) => ({ 'aria-label': t('domains.common.pageN', { page: p }) })}
          getControlProps={(control) => ({
            'aria-label': t(`domains.common.pageControl.${control}`),
          })}
        />
      ) : null}
    </Group>
  );
}
