import { Group, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type PageSize, SEARCH_MAX_LENGTH } from '@spinyard/domain';
import { IconBuildingSkyscraper, IconBuildingStore, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Branch, type Company, useBranchList, useHeadquartersList } from '../../../api/companies.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { CompanyModal, type CompanyModalTarget } from './CompanyModal.tsx';
import { type CompanyColumn, CompanyRowsTable } from './CompanyRowsTable.tsx';
import { HeadquartersPicker } from './HeadquartersPicker.tsx';

/**
 * Headquarters and branches of a domain, each in a paged, searchable table with add and edit in a modal. A super
 * sees their own domain; master passes the domain (on its edit page), and then picks the headquarters whose
 * branches to list, since the branch list spans all domains otherwise.
 */
export function CompaniesCard({ domainId, readOnly = false }: { domainId?: string | undefined; readOnly?: boolean }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('branches');
  const [modal, setModal] = useState<CompanyModalTarget | undefined>();
  // The first headquarters: whether a branch can be added, and under which one by default.
  const firstHq = useHeadquartersList({ page: 1, limit: DEFAULT_PAGE_SIZE, q: '', domainId });
  const firstHqId = firstHq.data?.items[0]?.id;
  const [hqFilter, setHqFilter] = useState('');
  const branchHq = hqFilter || undefined;

  return (
    <SectionCard
      title={t('companies.list.title')}
      description={t('companies.list.help')}
      id="companies"
      testId="companies-card"
    >
      <Tabs value={tab} onChange={setTab} variant="pills" radius="md">
        <Tabs.List mb="md">
          <Tabs.Tab value="branches" leftSection={<IconBuildingStore size={16} aria-hidden />}>
            {t('companies.list.branches')}
          </Tabs.Tab>
          <Tabs.Tab value="headquarters" leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}>
            {t('companies.list.headquarters')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="branches">
          <BranchTable
            domainId={domainId}
            hqId={branchHq}
            hqFilter={
              <HeadquartersPicker
                domainId={domainId}
                aria-label={t('companies.list.filterHeadquarters')}
                placeholder={t('companies.list.allHeadquarters')}
                value={hqFilter}
                onChange={setHqFilter}
                clearable
                w={{ base: '100%', sm: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
            }
            onAdd={
              readOnly || firstHqId === undefined
                ? undefined
                : () => setModal({ kind: 'branch', headquartersId: branchHq ?? firstHqId })
            }
            onEdit={readOnly ? undefined : (company) => setModal({ kind: 'branch', company })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="headquarters">
          <HeadquartersTable
            domainId={domainId}
            onAdd={readOnly ? undefined : () => setModal({ kind: 'headquarters' })}
            onEdit={readOnly ? undefined : (company) => setModal({ kind: 'headquarters', company })}
          />
        </Tabs.Panel>
      </Tabs>
      <CompanyModal target={modal} domainId={domainId} onClose={() => setModal(undefined)} />
    </SectionCard>
  );
}

function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 350);
  // A new search or page size starts from the first page.
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const changeLimit = (value: PageSize) => {
    setLimit(value);
    setPage(1);
  };
  return { page, setPage, limit, changeLimit, search, changeSearch, q };
}

type Paging = ReturnType<typeof usePaging>;

/**
 * One tab of the card: a search box (and an optional filter) with the add button, then the companies in a paged
 * table with an edit button on each row.
 */
function PagedCompanyTable<T extends Company>({
  paging,
  searchLabel,
  filter,
  add,
  loading,
  answer,
  noneText,
  testId,
  middleColumns,
  onEdit,
}: {
  paging: Paging;
  searchLabel: string;
  filter?: ReactNode;
  add: { label: string; testId: string; onClick: () => void } | undefined;
  loading: boolean;
  answer: { items: T[]; total: number } | undefined;
  noneText: string;
  testId: string;
  middleColumns: readonly CompanyColumn<T>[];
  onEdit: ((company: T) => void) | undefined;
}) {
  const { t } = useTranslation();
  const search = (
    <TextInput
      aria-label={searchLabel}
      placeholder={searchLabel}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={paging.search}
      onChange={(event) => paging.changeSearch(event.currentTarget.value)}
      type="search"
      maxLength={SEARCH_MAX_LENGTH}
      w={{ base: '100%', sm: 260 }}
    />
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {filter ? (
          <Group gap="sm" wrap="wrap">
            {search}
            {filter}
          </Group>
        ) : (
          search
        )}
        {add ? (
          <ActionButton icon={IconPlus} size="sm" onClick={add.onClick} testId={add.testId}>
            {add.label}
          </ActionButton>
        ) : null}
      </Group>
      <CompanyRowsTable
        rows={answer?.items}
        loading={loading}
        noneText={paging.q ? t('companies.list.noMatch', { q: paging.q }) : noneText}
        testId={testId}
        columns={middleColumns}
        onEdit={onEdit}
      />
      {answer && answer.total > 0 ? (
        <ListFooter
          total={answer.total}
          page={paging.page}
          limit={paging.limit}
          onPage={paging.setPage}
          onLimit={paging.changeLimit}
        />
      ) : null}
    </Stack>
  );
}

function BranchTable({
  domainId,
  hqId,
  hqFilter,
  onAdd,
  onEdit,
}: {
  /** Master, on a domain's page: that domain's branches. */
  domainId: string | undefined;
  hqId: string | undefined;
  hqFilter: ReactNode;
  onAdd: (() => void) | undefined;
  onEdit: ((company: Company) => void) | undefined;
}) {
  const { t } = useTranslation();
  const paging = usePaging();
  const list = useBranchList({ page: paging.page, limit: paging.limit, q: paging.q, domainId, headquartersId: hqId });
  return (
    <PagedCompanyTable
      paging={paging}
      searchLabel={t('companies.list.searchBranches')}
      filter={hqFilter}
      add={onAdd ? { label: t('companies.list.addBranch'), testId: 'branch-add', onClick: onAdd } : undefined}
      loading={list.isPending}
      answer={list.data}
      noneText={t('companies.list.noBranches')}
      testId="branch-table"
      middleColumns={[
        {
          label: t('companies.fields.headquarters_id'),
          cell: (branch: Branch) => branch.headquarters_name || '—',
        },
        { label: t('companies.fields.store_code'), cell: (branch) => branch.store_code || '—' },
      ]}
      onEdit={onEdit}
    />
  );
}

function HeadquartersTable({
  domainId,
  onAdd,
  onEdit,
}: {
  domainId: string | undefined;
  onAdd: (() => void) | undefined;
  onEdit: ((company: Company) => void) | undefined;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const paging = usePaging();
  const list = useHeadquartersList({ page: paging.page, limit: paging.limit, q: paging.q, domainId });
  return (
    <PagedCompanyTable
      paging={paging}
      searchLabel={t('companies.list.searchHeadquarters')}
      add={onAdd ? { label: t('companies.list.addHeadquarters'), testId: 'hq-add', onClick: onAdd } : undefined}
      loading={list.isPending}
      answer={list.data}
      noneText={t('companies.list.noHeadquarters')}
      testId="hq-table"
      middleColumns={[
        { label: t('companies.fields.corporate_code'), cell: (hq) => hq.corporate_code || '—' },
        { label: t('companies.list.branchCount'), cell: (hq) => hq.branch_count.toLocaleString(locale) },
      ]}
      onEdit={onEdit}
    />
  );
}
