import {
  ActionIcon,
  Button,
  Center,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type PageSize } from '@spinyard/domain';
import { IconBuildingSkyscraper, IconBuildingStore, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Company, type Headquarters, useBranchList, useHeadquartersList } from '../../../api/companies.ts';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { CompanyModal, type CompanyModalTarget } from './CompanyModal.tsx';
import { formatAddress } from './companyForm.ts';

/** All headquarters of the domain fit in one pick list: the largest page the API serves. */
const ALL_HEADQUARTERS = 300;

/**
 * Headquarters and branches of a domain, each in a paged, searchable table with add and edit in a modal. A super
 * sees their own domain; master passes the domain (on its edit page), and then picks the headquarters whose
 * branches to list, since the branch list spans all domains otherwise.
 */
export function CompaniesCard({ domainId, readOnly = false }: { domainId?: string | undefined; readOnly?: boolean }) {
  const { t } = useTranslation();
  const isMaster = domainId !== undefined;
  const [tab, setTab] = useState<string | null>('branches');
  const [modal, setModal] = useState<CompanyModalTarget | undefined>();
  const allHq = useHeadquartersList({ page: 1, limit: ALL_HEADQUARTERS, q: '', domainId });
  const headquarters = allHq.data?.items ?? [];
  const [hqFilter, setHqFilter] = useState<string | null>(null);
  // Master needs one headquarters to list branches: the first (the domain's own company) until another is chosen.
  const branchHq = hqFilter ?? (isMaster ? headquarters[0]?.id : undefined);

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
            headquarters={headquarters}
            hqId={branchHq}
            enabled={!isMaster || branchHq !== undefined}
            hqLoading={allHq.isPending}
            hqFilter={
              <Select
                aria-label={t('companies.list.filterHeadquarters')}
                placeholder={t('companies.list.allHeadquarters')}
                data={headquarters.map((hq) => ({ value: hq.id, label: hq.name }))}
                value={branchHq ?? null}
                onChange={setHqFilter}
                clearable={!isMaster}
                allowDeselect={!isMaster}
                w={{ base: '100%', sm: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
            }
            onAdd={
              readOnly || headquarters.length === 0
                ? undefined
                : () => setModal({ kind: 'branch', headquartersId: branchHq ?? headquarters[0]?.id })
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
      <CompanyModal
        target={modal}
        headquarters={headquarters}
        domainId={domainId}
        onClose={() => setModal(undefined)}
      />
    </SectionCard>
  );
}

function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="search"
      w={{ base: '100%', sm: 260 }}
    />
  );
}

function Loading() {
  return (
    <Stack gap="xs" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={32} radius="sm" />
      ))}
    </Stack>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Center>
  );
}

function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  const label = t('companies.list.edit', { name });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" onClick={onClick} aria-label={label}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 350);
  return { page, setPage, limit, setLimit, search, setSearch, q };
}

function BranchTable({
  headquarters,
  hqId,
  enabled,
  hqLoading,
  hqFilter,
  onAdd,
  onEdit,
}: {
  headquarters: readonly Headquarters[];
  hqId: string | undefined;
  enabled: boolean;
  hqLoading: boolean;
  hqFilter: React.ReactNode;
  onAdd: (() => void) | undefined;
  onEdit: ((company: Company) => void) | undefined;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const paging = usePaging();
  const list = useBranchList(
    { page: paging.page, limit: paging.limit, q: paging.q, headquartersId: hqId },
    enabled && !hqLoading,
  );
  const hqName = new Map(headquarters.map((hq) => [hq.id, hq.name]));
  const items = list.data?.items ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <SearchBox
            value={paging.search}
            onChange={(v) => {
              paging.setSearch(v);
              paging.setPage(1);
            }}
            label={t('companies.list.searchBranches')}
          />
          {hqFilter}
        </Group>
        {onAdd ? (
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} data-testid="branch-add">
            {t('companies.list.addBranch')}
          </Button>
        ) : null}
      </Group>
      {hqLoading || (enabled && list.isPending) ? (
        <Loading />
      ) : items.length === 0 ? (
        <Empty text={paging.q ? t('companies.list.noMatch', { q: paging.q }) : t('companies.list.noBranches')} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="xs" data-testid="branch-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('companies.fields.name')}</Table.Th>
                <Table.Th>{t('companies.fields.headquarters_id')}</Table.Th>
                <Table.Th>{t('companies.fields.store_code')}</Table.Th>
                <Table.Th>{t('companies.list.address')}</Table.Th>
                <Table.Th>{t('companies.fields.tel')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('domains.list.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((branch) => (
                <Table.Tr key={branch.id}>
                  <Table.Td fw={600}>{branch.name}</Table.Td>
                  <Table.Td>{(branch.headquarters_id && hqName.get(branch.headquarters_id)) || '—'}</Table.Td>
                  <Table.Td>{branch.store_code || '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {formatAddress(branch, locale) || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{branch.tel || '—'}</Table.Td>
                  <Table.Td ta="right">
                    {onEdit ? <EditButton name={branch.name} onClick={() => onEdit(branch)} /> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > 0 ? (
        <ListFooter
          total={list.data.total}
          page={paging.page}
          limit={paging.limit}
          onPage={paging.setPage}
          onLimit={(l) => {
            paging.setLimit(l);
            paging.setPage(1);
          }}
        />
      ) : null}
    </Stack>
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
  const items = list.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox
          value={paging.search}
          onChange={(v) => {
            paging.setSearch(v);
            paging.setPage(1);
          }}
          label={t('companies.list.searchHeadquarters')}
        />
        {onAdd ? (
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} data-testid="hq-add">
            {t('companies.list.addHeadquarters')}
          </Button>
        ) : null}
      </Group>
      {list.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <Empty text={paging.q ? t('companies.list.noMatch', { q: paging.q }) : t('companies.list.noHeadquarters')} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="xs" data-testid="hq-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('companies.fields.name')}</Table.Th>
                <Table.Th>{t('companies.fields.corporate_code')}</Table.Th>
                <Table.Th>{t('companies.list.branchCount')}</Table.Th>
                <Table.Th>{t('companies.list.address')}</Table.Th>
                <Table.Th>{t('companies.fields.tel')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('domains.list.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((hq) => (
                <Table.Tr key={hq.id}>
                  <Table.Td fw={600}>{hq.name}</Table.Td>
                  <Table.Td>{hq.corporate_code || '—'}</Table.Td>
                  <Table.Td>{hq.branch_count.toLocaleString(locale)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {formatAddress(hq, locale) || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{hq.tel || '—'}</Table.Td>
                  <Table.Td ta="right">
                    {onEdit ? <EditButton name={hq.name} onClick={() => onEdit(hq)} /> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > 0 ? (
        <ListFooter
          total={list.data.total}
          page={paging.page}
          limit={paging.limit}
          onPage={paging.setPage}
          onLimit={(l) => {
            paging.setLimit(l);
            paging.setPage(1);
          }}
        />
      ) : null}
    </Stack>
  );
}
