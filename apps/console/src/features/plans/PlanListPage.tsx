import { Table, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, FREE_PLAN_ID, formatMoney } from '@spinyard/domain';
import { IconCheck, IconMinus, IconPencil, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type PlanAnswer, usePlanList } from '../../api/plans.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ListSearchInput } from '../../components/ListSearchInput.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { type ListPosition, listPositionQuery, readListPosition } from '../../components/listPosition.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { currentLocale } from '../../i18n/locale.ts';
import { ListPageFrame } from '../../shared/lists/ListPageFrame.tsx';
import { ListEmpty, ListResults } from '../../shared/lists/ListResults.tsx';
import { useSettledSearch } from '../../shared/lists/useSettledSearch.ts';
import { DeletePlanButton } from './DeletePlanButton.tsx';

/** A yes/no cell: an icon with its word for screen readers. */
function FlagCell({ on, label }: { on: boolean; label: string }) {
  const Glyph = on ? IconCheck : IconMinus;
  return (
    <Table.Td>
      <Glyph size={18} color={on ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-6)'} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Td>
  );
}

function PlanRow({ plan }: { plan: PlanAnswer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const editPath = `/plan/edit/${encodeURIComponent(plan.id)}`;
  const yesNo = (on: boolean) => t(on ? 'billingPlans.list.yes' : 'billingPlans.list.no');
  return (
    <Table.Tr data-testid="plan-row" data-plan={plan.id}>
      <Table.Td>
        <Text component={Link} to={editPath} fw={600} size="sm" ff="monospace" c="blue.8">
          {plan.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{plan.name}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(plan.amount, plan.currency, locale)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`billingPlans.intervalOptions.${plan.interval}`)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {plan.vehicle_limit === null ? t('billingPlans.list.unlimited') : plan.vehicle_limit.toLocaleString(locale)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} c={plan.status === 'active' ? 'green.9' : 'gray.7'} style={{ whiteSpace: 'nowrap' }}>
          {t(`billingPlans.statusOptions.${plan.status}`)}
        </Text>
      </Table.Td>
      <FlagCell on={plan.enabled} label={yesNo(plan.enabled)} />
      <FlagCell on={plan.shown} label={yesNo(plan.shown)} />
      <Table.Td>
        <Text size="sm">{plan.subscriber_count.toLocaleString(locale)}</Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <RowAction label={t('billingPlans.list.edit', { id: plan.id })} icon={IconPencil} to={editPath} />
        {/* The free plan is never deleted (free_plan_fixed): no action that can only be refused. */}
        {plan.id !== FREE_PLAN_ID && <DeletePlanButton plan={plan} />}
      </Table.Td>
    </Table.Tr>
  );
}

/** /plan/list: every plan (not deleted) with search and paging; master only. */
export function PlanListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { page, limit, q } = readListPosition(params, DEFAULT_PAGE_SIZE);
  const list = usePlanList({ page, limit, q });

  const update = (next: Partial<ListPosition>) => {
    setParams(listPositionQuery({ page, limit, q, ...next }), { replace: true });
  };
  const [search, setSearch] = useSettledSearch(q, (text) => update({ q: text, page: 1 }));

  // A page past the end (after a deletion) moves back to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the answer's total matters
  useEffect(() => {
    if (!list.data) return;
    const last = Math.max(1, Math.ceil(list.data.total / limit));
    if (page > last) update({ page: last });
  }, [list.data?.total]);

  const items = list.data?.items ?? [];
  const columns = ['id', 'name', 'amount', 'interval', 'vehicle_limit', 'status', 'enabled', 'shown', 'subscribers'];

  return (
    <ListPageFrame
      maw={1280}
      tools={
        <ListSearchInput
          ariaLabel={t('billingPlans.list.searchLabel')}
          placeholder={t('billingPlans.list.searchPlaceholder')}
          clearLabel={t('billingPlans.list.clearSearch')}
          value={search}
          onChange={setSearch}
          fetching={list.isFetching}
          width={320}
          testId="plan-search"
        />
      }
      actions={
        <LinkButton to="/plan/add" icon={IconPlus} testId="plan-add">
          {t('billingPlans.list.add')}
        </LinkButton>
      }
    >
      <ListResults
        pending={list.isPending}
        rowCount={items.length}
        total={list.data?.total ?? 0}
        empty={
          <ListEmpty
            icon={IconReceipt}
            testId="plan-list-empty"
            filtering={q.trim() !== ''}
            message={{ empty: t('billingPlans.list.empty'), noMatch: t('billingPlans.list.noMatch', { q }) }}
            clear={{ label: t('billingPlans.list.clearSearch'), onClear: () => setSearch('') }}
            add={{ to: '/plan/add', label: t('billingPlans.list.add') }}
          />
        }
        paging={{
          page,
          limit,
          onPage: (next) => update({ page: next }),
          onLimit: (next) => update({ limit: next, page: 1 }),
          testId: 'plan-list-footer',
        }}
      >
        <ListTable
          minWidth={900}
          testId="plan-table"
          dimmed={list.isPlaceholderData}
          columns={columns.map((column) => t(`billingPlans.list.columns.${column}`))}
          actionsLabel={t('billingPlans.list.columns.actions')}
        >
          {items.map((plan) => (
            <PlanRow key={plan.id} plan={plan} />
          ))}
        </ListTable>
      </ListResults>
    </ListPageFrame>
  );
}
