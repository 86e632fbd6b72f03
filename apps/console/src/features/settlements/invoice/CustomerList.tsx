import { Badge, Card, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CustomerAnswer, SEARCH_MAX_LENGTH } from '@spinyard/domain';
import { IconFileInvoice, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerList } from '../../../api/invoices.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { japanDate, money } from './invoiceText.ts';
import { PagedTable, usePaging } from './PagedTable.tsx';

function CustomerRow({ customer, onInvoices }: { customer: CustomerAnswer; onInvoices: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Table.Tr data-testid="customer-row">
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{customer.company_name || customer.name}</Text>
          <Text size="xs" c="gray.7">
            {customer.name} · {customer.email}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{customer.plan_id === 'free' ? t('billingInvoices.freePlan') : customer.plan_name}</Table.Td>
      <Table.Td>
        {customer.subscription_status ? t(`billingInvoices.subscription.${customer.subscription_status}`) : '—'}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={customer.is_payment ? 'green' : 'red'} data-testid="customer-payment">
          {customer.is_payment ? t('billingInvoices.paidUp') : t('billingInvoices.behind')}
        </Badge>
      </Table.Td>
      <Table.Td>{customer.open_amount > 0 ? money(customer.open_amount, customer.currency, locale) : '—'}</Table.Td>
      <Table.Td>{japanDate(customer.next_billing_at, locale) || '—'}</Table.Td>
      <Table.Td>
        <RowAction
          label={t('billingInvoices.showInvoices', { name: customer.company_name || customer.name })}
          icon={IconFileInvoice}
          onClick={onInvoices}
          testId="customer-invoices"
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Master: the customers paying by card, those behind on payment first, each leading to their invoices. */
export function CustomerList({ onInvoices }: { onInvoices: (customer: { id: string; label: string }) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 300);
  const [overdue, setOverdue] = useState(false);
  const { paging, refilter } = usePaging();
  const list = useCustomerList({ page: paging.page, limit: paging.limit, q: search, overdue });
  const columns = [
    t('billingInvoices.customerColumns.customer'),
    t('billingInvoices.customerColumns.plan'),
    t('billingInvoices.customerColumns.subscription'),
    t('billingInvoices.customerColumns.payment'),
    t('billingInvoices.customerColumns.open'),
    t('billingInvoices.customerColumns.nextBilling'),
  ];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="customer-list">
      <Group gap="md" align="flex-end" wrap="wrap" mb="md">
        <TextInput
          label={t('billingInvoices.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => refilter(setQ)(event.currentTarget.value)}
          w={260}
          data-testid="customer-search"
        />
        <Checkbox
          label={t('billingInvoices.overdueOnly')}
          checked={overdue}
          onChange={(event) => refilter(setOverdue)(event.currentTarget.checked)}
          data-testid="customer-overdue"
        />
      </Group>
      <PagedTable
        query={list}
        paging={paging}
        empty={{ icon: IconUsers, message: t('billingInvoices.noCustomers'), testId: 'customer-empty' }}
        table={{ minWidth: 900, testId: 'customer-table', columns }}
        row={(c) => (
          <CustomerRow
            key={c.user_id}
            customer={c}
            onInvoices={() => onInvoices({ id: c.user_id, label: c.company_name || c.name })}
          />
        )}
      />
    </Card>
  );
}
