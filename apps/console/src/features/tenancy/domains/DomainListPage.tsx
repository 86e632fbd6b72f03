import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, isPageSize, type PageSize } from '@spinyard/domain';
import { IconPencil, IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type DomainSummary, useDomainList } from '../../../api/domains.ts';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ListEmptyState } from '../../../components/ListEmptyState.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListSearchInput } from '../../../components/ListSearchInput.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { ListTable } from '../../../components/ListTable.tsx';
import { type ListPosition, listPositionQuery, readListPosition } from '../../../components/listPosition.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';
import { WARNING_TEXT } from '../../../shared/theme.ts';
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
    <Text size="sm" c={color === 'red' ? 'red.9' : color === 'orange' ? WARNING_TEXT : undefined}>
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
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const { page, limit, q } = readListPosition(params, savedLimit());
  const [search, setSearch] = useState(q);
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const list = useDomainList({ page, limit, q });

  const update = (next: Partial<ListPosition>) => {
    setParams(listPositionQuery({ page, limit, q, ...next }), { replace: true });
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
          <LinkButton to="/domain/add" icon={IconPlus} testId="domain-add">
            {t('domains.list.add')}
          </LinkButton>
        </Group>

        {list.isPending ? (
          <ListSkeleton />
        ) : items.length === 0 ? (
          <ListEmptyState
            icon={IconWorldWww}
            message={searching ? t('domains.list.noMatch', { q }) : t('domains.list.empty')}
            action={
              searching ? (
                <Button variant="light" onClick={() => setSearch('')}>
                  {t('domains.list.clearSearch')}
                </Button>
              ) : (
                <LinkButton to="/domain/add" icon={IconPlus}>
                  {t('domains.list.add')}
                </LinkButton>
              )
            }
            testId="domain-list-empty"
          />
        ) : (
          <ListTable
            minWidth={880}
            testId="domain-table"
            dimmed={list.isPlaceholderData}
            columns={[
              t('domains.list.columns.host'),
              t('domains.list.columns.companyCode'),
              t('domains.list.columns.serviceName'),
              t('domains.list.columns.status'),
              t('domains.list.columns.vehicles'),
              t('domains.list.columns.updated'),
            ]}
            actionsLabel={t('domains.list.columns.actions')}
          >
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
                    <RowAction label={t('domains.list.edit', { host: domain.host })} icon={IconPencil} to={editPath} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
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
