import { Center, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../api/companies.ts';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { ListTable } from '../../../components/ListTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { formatAddress } from './companyForm.ts';

export interface CompanyColumn<T> {
  label: string;
  cell: (company: T) => ReactNode;
}

/**
 * Companies in a table: the name, the columns of their kind (headquarters or branch), the address and the phone,
 * each row with its edit button and, where companies may be deleted (the corporation screens), its delete button.
 * A placeholder while loading, a sentence when there are none.
 */
export function CompanyRowsTable<T extends Company>({
  rows,
  loading,
  noneText,
  testId,
  columns,
  onEdit,
  onDelete,
  nameLabel,
}: {
  rows: readonly T[] | undefined;
  loading: boolean;
  noneText: string;
  testId: string;
  columns: readonly CompanyColumn<T>[];
  onEdit: ((company: T) => void) | undefined;
  onDelete?: ((company: T) => void) | undefined;
  /** The name column's heading when "company name" would mislead (a location's own name). */
  nameLabel?: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (loading) return <ListSkeleton rows={3} height={32} />;
  if (!rows || rows.length === 0) {
    return (
      <Center py="xl">
        <Text size="sm" c="dimmed">
          {noneText}
        </Text>
      </Center>
    );
  }
  return (
    <ListTable
      minWidth={760}
      testId={testId}
      dense
      columns={[
        nameLabel ?? t('companies.fields.name'),
        ...columns.map((c) => c.label),
        t('companies.list.address'),
        t('companies.fields.tel'),
      ]}
      actionsLabel={t('domains.list.columns.actions')}
    >
      {rows.map((company) => (
        <Table.Tr key={company.id}>
          <Table.Td fw={600}>{company.name}</Table.Td>
          {columns.map((c) => (
            <Table.Td key={c.label}>{c.cell(company)}</Table.Td>
          ))}
          <Table.Td>
            <Text size="sm" lineClamp={2}>
              {formatAddress(company, locale) || '—'}
            </Text>
          </Table.Td>
          <Table.Td>{company.tel || '—'}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {onEdit ? (
              <RowAction
                label={t('companies.list.edit', { name: company.name })}
                icon={IconPencil}
                onClick={() => onEdit(company)}
              />
            ) : null}
            {onDelete ? (
              <RowAction
                label={t('corporations.delete.action', { name: company.name })}
                icon={IconTrash}
                color="red"
                onClick={() => onDelete(company)}
                testId={`company-delete-${company.id}`}
              />
            ) : null}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
