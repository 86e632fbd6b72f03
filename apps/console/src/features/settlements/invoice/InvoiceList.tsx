import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { InvoiceSummary } from '@spinyard/domain';
import { IconFileInvoice, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadInvoiceCsv, downloadInvoicePdf, useInvoiceList } from '../../../api/invoices.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { japanDate, money, periodText, wholeMonth } from './invoiceText.ts';
import { PagedTable, usePaging } from './PagedTable.tsx';
import { useDownload } from './useDownload.ts';

function InvoiceRow({ invoice, showCustomer }: { invoice: InvoiceSummary; showCustomer: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const pdf = useDownload(() => downloadInvoicePdf(invoice, locale));
  return (
    <Table.Tr data-testid="invoice-row">
      <Table.Td>
        <Text size="sm" ff="monospace">
          {invoice.number}
        </Text>
      </Table.Td>
      <Table.Td>{japanDate(invoice.issued_at, locale)}</Table.Td>
      <Table.Td>{periodText(invoice.period_start, invoice.period_end, locale)}</Table.Td>
      {showCustomer ? (
        <Table.Td>
          <Stack gap={0}>
            <Text size="sm">{invoice.customer.company_name}</Text>
            <Text size="xs" c="gray.7">
              {invoice.customer.name}
            </Text>
          </Stack>
        </Table.Td>
      ) : null}
      <Table.Td>{invoice.plan_id === 'free' ? t('billingInvoices.freePlan') : invoice.plan_name}</Table.Td>
      <Table.Td>{money(invoice.total_without_tax, invoice.currency, locale)}</Table.Td>
      <Table.Td>{money(invoice.tax, invoice.currency, locale)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {money(invoice.total_with_tax, invoice.currency, locale)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={invoice.status === 'paid' ? 'green' : invoice.status === 'open' ? 'orange' : 'gray'}
          // Never narrower than its word: with the narrower table the column gave it less and cut 支払済 (sweep).
          miw="max-content"
        >
          {t(`billingInvoices.status.${invoice.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <RowAction
          label={pdf.busy ? t('billingInvoices.downloading') : t('billingInvoices.pdf', { number: invoice.number })}
          icon={IconFileTypePdf}
          onClick={pdf.start}
          testId="invoice-pdf"
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The invoices, newest first, narrowed by the months they were issued in (Japan time), each with its PDF in the
 * console's language, and the CSV of the whole filter. Master sees every customer's, or the one chosen in the
 * customers view.
 */
export function InvoiceList({
  showCustomer,
  customer,
}: {
  showCustomer: boolean;
  customer?: { id: string; label: string } | undefined;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { paging, refilter } = usePaging();
  const filters = { from: wholeMonth(from), to: wholeMonth(to), userId: customer?.id };
  const csv = useDownload(() => downloadInvoiceCsv(filters));
  const list = useInvoiceList({ page: paging.page, limit: paging.limit, ...filters });
  const columns = [
    t('billingInvoices.columns.number'),
    t('billingInvoices.columns.issued'),
    t('billingInvoices.columns.period'),
    ...(showCustomer ? [t('billingInvoices.columns.customer')] : []),
    t('billingInvoices.columns.plan'),
    t('billingInvoices.columns.withoutTax'),
    t('billingInvoices.columns.tax'),
    t('billingInvoices.columns.total'),
    t('billingInvoices.columns.status'),
  ];
  const month = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <DateField
      granularity="month"
      label={label}
      value={value}
      onChange={(event) => refilter(set)(event.currentTarget.value)}
      w={170}
      data-testid={testId}
    />
  );

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="invoice-list">
      {customer ? (
        <Text size="sm" mb="sm" data-testid="invoice-list-customer">
          {t('billingInvoices.ofCustomer', { name: customer.label })}
        </Text>
      ) : null}
      <Group gap="md" align="flex-end" wrap="wrap" mb="md">
        {month(t('billingInvoices.from'), from, setFrom, 'invoice-from')}
        {month(t('billingInvoices.to'), to, setTo, 'invoice-to')}
        <ActionButton
          icon={IconFileSpreadsheet}
          variant="default"
          loading={csv.busy}
          onClick={csv.start}
          testId="invoice-csv"
        >
          {t('billingInvoices.csv')}
        </ActionButton>
      </Group>
      <PagedTable
        query={list}
        paging={paging}
        empty={{ icon: IconFileInvoice, message: t('billingInvoices.empty'), testId: 'invoice-empty' }}
        // The master's columns fit a 1280-wide desktop beside the sidebar (the period and customer wrap) instead of
        // scrolling the status and the PDF out of sight.
        table={{ minWidth: showCustomer ? 900 : 820, testId: 'invoice-table', columns }}
        row={(invoice) => <InvoiceRow key={invoice.id} invoice={invoice} showCustomer={showCustomer} />}
      />
    </Card>
  );
}
