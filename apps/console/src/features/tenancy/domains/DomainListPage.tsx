import { Anchor, Table, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, isPageSize, type PageSize } from '@spinyard/domain';
import { IconPencil, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DomainSummary, useDomainList } from '../../../api/domains.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';
import { DateCell } from '../../../shared/lists/ListCells.tsx';
import { SearchedListPage, useSearchedList } from '../../../shared/lists/SearchedListPage.tsx';
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
  const state = useSearchedList(savedLimit(), useDomainList);
  return (
    <SearchedListPage
      state={state}
      texts="domains.list"
      name="domain"
      addPath="/domain/add"
      icon={IconWorldWww}
      searchWidth={380}
      tableWidth={880}
      columns={[
        t('domains.list.columns.host'),
        t('domains.list.columns.companyCode'),
        t('domains.list.columns.serviceName'),
        t('domains.list.columns.status'),
        t('domains.list.columns.vehicles'),
        t('domains.list.columns.updated'),
      ]}
      actionsLabel={t('domains.list.columns.actions')}
      onLimit={saveLimit}
    >
      {state.items.map((domain) => {
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
    </SearchedListPage>
  );
}
