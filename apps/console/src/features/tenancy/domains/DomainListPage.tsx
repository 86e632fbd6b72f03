import { Anchor, Table, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, isPageSize, type PageSize } from '@spinyard/domain';
import { IconPencil, IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type DomainSummary, useDomainList } from '../../../api/domains.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ListSearchInput } from '../../../components/ListSearchInput.tsx';
import { ListTable } from '../../../components/ListTable.tsx';
import { type ListPosition, listPositionQuery, readListPosition } from '../../../components/listPosition.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';
import { DateCell } from '../../../shared/lists/ListCells.tsx';
import { ListPageFrame } from '../../../shared/lists/ListPageFrame.tsx';
import { ListEmpty, ListResults } from '../../../shared/lists/ListResults.tsx';
import { useSettledSearch } from '../../../shared/lists/useSettledSearch.ts';
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
  const [params, setParams] = useSearchParams();
  const { page, limit, q } = readListPosition(params, savedLimit());
  const list = useDomainList({ page, limit, q });

  const update = (next: Partial<ListPosition>) => {
    setParams(listPositionQuery({ page, limit, q, ...next }), { replace: true });
  };
  // A new search starts from the first page.
  const [search, setSearch] = useSettledSearch(q, (text) => update({ q: text, page: 1 }));

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
    <ListPageFrame
      maw={1280}
      tools={
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
      }
      actions={
        <LinkButton to="/domain/add" icon={IconPlus} testId="domain-add">
          {t('domains.list.add')}
        </LinkButton>
      }
    >
      <ListResults
        pending={list.isPending}
        rowCount={items.length}
        total={list.data?.total ?? 0}
        empty={
          <ListEmpty
            icon={IconWorldWww}
            testId="domain-list-empty"
            filtering={searching}
            message={{ empty: t('domains.list.empty'), noMatch: t('domains.list.noMatch', { q }) }}
            clear={{ label: t('domains.list.clearSearch'), onClear: () => setSearch('') }}
            add={{ to: '/domain/add', label: t('domains.list.add') }}
          />
        }
        paging={{
          page,
          limit,
          onPage: (next) => update({ page: next }),
          onLimit: (next) => {
            saveLimit(next);
            update({ limit: next, page: 1 });
          },
          testId: 'domain-list-footer',
        }}
      >
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
                <DateCell value={domain.updated_at} />
                <Table.Td ta="right">
                  <RowAction label={t('domains.list.edit', { host: domain.host })} icon={IconPencil} to={editPath} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListResults>
    </ListPageFrame>
  );
}
