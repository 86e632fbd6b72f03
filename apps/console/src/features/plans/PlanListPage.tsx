import { Table, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, FREE_PLAN_ID, formatMoney } from '@spinyard/domain';
import { IconCheck, IconCircleFilled, IconMinus, IconPencil, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PlanAnswer, usePlanList } from '../../api/plans.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { currentLocale } from '../../i18n/locale.ts';
import { SearchedListPage, useSearchedList } from '../../shared/lists/SearchedListPage.tsx';
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
        {/* The id and the name are what master typed: no translation applies to them (translate="no"). */}
        <Text component={Link} to={editPath} fw={600} size="sm" ff="monospace" c="blue.8" translate="no">
          {plan.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" translate="no">
          {plan.name}
        </Text>
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
        {/* The state's colour is a dot beside dark words: teal words fell under 4.5:1 on the row's hover shade. */}
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          <IconCircleFilled
            size={10}
            color={`var(--mantine-color-${plan.status === 'active' ? 'teal-7' : 'gray-5'})`}
            style={{ marginInlineEnd: 6 }}
            aria-hidden
          />
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
  const state = useSearchedList(DEFAULT_PAGE_SIZE, usePlanList);
  const columns = ['id', 'name', 'amount', 'interval', 'vehicle_limit', 'status', 'enabled', 'shown', 'subscribers'];
  return (
    <SearchedListPage
      state={state}
      texts="billingPlans.list"
      name="plan"
      addPath="/plan/add"
      icon={IconReceipt}
      searchWidth={320}
      tableWidth={900}
      columns={columns.map((column) => t(`billingPlans.list.columns.${column}`))}
      actionsLabel={t('billingPlans.list.columns.actions')}
    >
      {state.items.map((plan) => (
        <PlanRow key={plan.id} plan={plan} />
      ))}
    </SearchedListPage>
  );
}
