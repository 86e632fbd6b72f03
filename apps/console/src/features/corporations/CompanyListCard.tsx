import { Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../api/companies.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { CompanyModal, type CompanyModalTarget } from '../tenancy/companies/CompanyModal.tsx';
import { type CompanyColumn, CompanyRowsTable } from '../tenancy/companies/CompanyRowsTable.tsx';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';
import { DeleteCompanyModal, type DeleteTarget } from './DeleteCompanyModal.tsx';

/**
 * One kind of company as its partner screen shows it: every row in one table (the spec's page size of 99,999, so no
 * pages), an add button, and the add, edit and delete dialogs. Texts are `corporations.<texts>.*`.
 */
export function CompanyListCard<T extends Company>({
  kind,
  texts,
  testId,
  rows,
  loading,
  columns,
  addTarget,
  notice,
}: {
  kind: 'headquarters' | 'branch';
  texts: 'list' | 'contacts';
  testId: string;
  rows: readonly T[] | undefined;
  loading: boolean;
  columns: readonly CompanyColumn<T>[];
  /** What the add button opens; absent, the button is disabled (a location needs a corporation first). */
  addTarget: CompanyModalTarget | undefined;
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<CompanyModalTarget | undefined>();
  const [removing, setRemoving] = useState<DeleteTarget | undefined>();
  return (
    <SectionCard
      title={t(`corporations.${texts}.title`)}
      description={t(`corporations.${texts}.help`)}
      id={testId}
      testId={`${testId}-card`}
    >
      <Stack gap="sm">
        <Group justify="flex-end">
          <ActionButton
            icon={IconPlus}
            size="sm"
            disabled={addTarget === undefined}
            onClick={() => setModal(addTarget)}
            testId={`${testId}-add`}
          >
            {t(`corporations.${texts}.add`)}
          </ActionButton>
        </Group>
        {notice}
        <CompanyRowsTable<T>
          rows={rows}
          loading={loading}
          noneText={t(`corporations.${texts}.none`)}
          testId={`${testId}-table`}
          columns={columns}
          onEdit={(company) => setModal({ kind, company })}
          onDelete={(company) => setRemoving({ company, kind })}
          nameLabel={t(`corporations.${texts}.name`)}
        />
      </Stack>
      <CompanyModal target={modal} onClose={() => setModal(undefined)} />
      <DeleteCompanyModal target={removing} onClose={() => setRemoving(undefined)} />
    </SectionCard>
  );
}
