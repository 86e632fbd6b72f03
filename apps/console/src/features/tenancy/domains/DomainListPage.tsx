import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, isPageSize, type PageSize } from '@spinyard/domain';
import { IconPencil, IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type DomainSummary, useDomainList } from '../../../api/domains.ts';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListSearchInput } from '../../../components/ListSearchInput.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';
import { useScrollTop } from '../shared/useScrollTop.ts';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';
import { usageColor } from './VehicleCounter.tsx';

const LIMIT_KEY = `${STORAGE_KEYS.listPrefix}domains.limit`;

/** The page size chosen last time (kept with the other list conditions, cleared at logout). */
function savedLimit(): PageSize {
  try {
    const value = Number(window.localStorage.getItem(LIMIT_KEY));
    return isPageSize(value) ? (value as PageSize) : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

function saveLimit(limit: PageSize): void {
  try {
    window.localStorage.setItem(LIMIT_KEY, String(limit));
  } catch {
    // Storage disabled: the size holds for this visit only.
  }
}

function VehiclesCell({ domain }: { domain: DomainSummary }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const registered = domain.registered_vehicles.toLocaleString(locale);
  if (domain.vehicle_limit === null) {
    return (
      <Text size="sm">
        {registered}
        <Text span size="xs" c="dimmed">
          {' / '}
          {t('domains.list.unlimited')}
        </Text>
      </Text>
    );
  }
  const color = domain.limit_mode === 'per_domain' ? usageColor(domain.registered_vehicles, domain.vehicle_limit) : '';
  return (
    <Text size="sm" c={color === 'red' ? 'red.9' : color === 'orange' ? 'orange.9' : undefined}>
      {registered}
      <Text span size="xs" c="dimmed">
        {' / '}
        {domain.vehicle_limit.toLocaleString(locale)}
        {domain.limit_mode === 'per_user' ? ` ${t('domains.list.perUser')}` : ''}
      </Text>
    </Text>
  );
}

/** /domain/list: every domain with search, page sizes and paging; master only. */
export function DomainListPage() {
  useScrollTop();
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const limitParam = Number(params.get('limit'));
  const limit: PageSize = isPageSize(limitParam) ? (limitParam as PageSize) : savedLimit();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const list = useDomainList({ page, limit, q });

  const update = (next: { page?: number; limit?: PageSize; q?: string }) => {
    const merged = { page, limit, q, ...next };
    const out = new URLSearchParams();
    if (merged.q.trim()) out.set('q', merged.q.trim());
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.limit !== DEFAULT_PAGE_SIZE) out.set('limit', String(merged.limit));
    setParams(out, { replace: true });
  };

  // A new search starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search text changes
  useEffect(() => {
    if (debouncedSearch.trim() !== q.trim()) update({ q: debouncedSearch, page: 1 });
  }, [debouncedSearch]);

  // A page past the end (after deletions, or a bigger page size) moves back to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the answer's total matters
  useEffect(() => {
    if (!list.data) return;
    const last = Math.max(1, Math.ceil(list.data.total / limit));
    if (page > last) update({ page: last });
  }, [list.data?.total]);

  const items = list.data?.items ?? [];
  const searching = q.trim() !== '';

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" gap="md" mb="md" wrap="wrap">
          <ListSearchInput
            ariaLabel={t('domains.list.searchLabel')}
            placeholder={t('domains.list.searchPlaceholder')}
            clearLabel={t('domains.list.clearSearch')}
            value={search}
            onChange={setSearch}
            fetching={list.isFetching}
            width={380}
            testId="domain-search"
          />
          <Button
            component={Link}
            to="/domain/add"
            leftSection={<IconPlus size={16} aria-hidden />}
            data-testid="domain-add"
          >
            {t('domains.list.add')}
          </Button>
        </Group>

        {list.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap="sm" maw={420} ta="center" data-testid="domain-list-empty">
              <ThemeIcon size={56} radius="xl" variant="light" color="blue">
                <IconWorldWww size={30} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>{searching ? t('domains.list.noMatch', { q }) : t('domains.list.empty')}</Text>
              {searching ? (
                <Button variant="light" onClick={() => setSearch('')}>
                  {t('domains.list.clearSearch')}
                </Button>
              ) : (
                <Button component={Link} to="/domain/add" leftSection={<IconPlus size={16} aria-hidden />}>
                  {t('domains.list.add')}
                </Button>
              )}
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              striped
              data-testid="domain-table"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('domains.list.columns.host')}</Table.Th>
                  <Table.Th>{t('domains.list.columns.companyCode')}</Table.Th>
                  <Table.Th>{t('domains.list.columns.serviceName')}</Table.Th>
                  <Table.Th>{t('domains.list.columns.status')}</Table.Th>
                  <Table.Th>{t('domains.list.columns.vehicles')}</Table.Th>
                  <Table.Th>{t('domains.list.columns.updated')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('domains.list.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((domain) => {
                  const editPath = `/domain/edit/${encodeURIComponent(domain.company_code)}`;
                  return (
                    <Table.Tr key={domain.id} data-testid="domain-row" data-host={domain.host}>
                      <Table.Td>
                        <Anchor component={Link} to={editPath} fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                          {domain.host}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {domain.company_code}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{domain.service_name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <DomainStatusBadge status={domain.status} />
                      </Table.Td>
                      <Table.Td>
                        <VehiclesCell domain={domain} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="gray.7">
                          {formatDateTime(domain.updated_at, locale)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Tooltip label={t('domains.list.edit', { host: domain.host })} withArrow>
                          <ActionIcon
                            component={Link}
                            to={editPath}
                            variant="subtle"
                            aria-label={t('domains.list.edit', { host: domain.host })}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        {list.data && list.data.total > 0 ? (
          <ListFooter
            total={list.data.total}
            page={page}
            limit={limit}
            onPage={(next) => update({ page: next })}
            onLimit={(next) => {
              saveLimit(next);
              update({ limit: next, page: 1 });
            }}
            testId="domain-list-footer"
          />
        ) : null}
      </Card>
    </Stack>
  );
}
