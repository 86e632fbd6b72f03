import { NativeSelect } from '@mantine/core';
import { CONTENT_SORTS, type ContentSort } from '@spinyard/domain';
import {
  IconAdjustmentsHorizontal,
  IconDownload,
  IconFileSpreadsheet,
  IconPlus,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ListSearchInput } from '../../../components/ListSearchInput.tsx';
import type { ContentListConditions } from './listConditions.ts';

/** The vehicle list's search, sort and the button that opens the filters. */
export function ContentListTools({
  conditions,
  update,
  fetching,
  filters,
  filtersOpen,
  toggleFilters,
}: {
  conditions: ContentListConditions;
  update: (next: Partial<ContentListConditions>) => void;
  fetching: boolean;
  /** How many filters are set. */
  filters: number;
  filtersOpen: boolean;
  toggleFilters: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ListSearchInput
        label={t('contentsList.searchLabel')}
        placeholder={t('contentsList.searchPlaceholder')}
        clearLabel={t('contentsList.clearSearch')}
        value={conditions.search}
        onChange={(search) => update({ search })}
        fetching={fetching}
        width={360}
        testId="content-search"
      />
      <NativeSelect
        label={t('contentsList.sort')}
        value={conditions.sort}
        onChange={(e) => update({ sort: e.currentTarget.value as ContentSort })}
        data={CONTENT_SORTS.map((s) => ({ value: s, label: t(`contentsList.sorts.${s}`) }))}
        data-testid="content-sort"
      />
      <ActionButton
        icon={IconAdjustmentsHorizontal}
        variant={filters > 0 ? 'light' : 'default'}
        onClick={toggleFilters}
        aria-expanded={filtersOpen}
        aria-controls="content-filters-panel"
        testId="content-filters-toggle"
      >
        {filters > 0 ? t('contentsList.filters.activeCount', { count: filters }) : t('contentsList.filters.toggle')}
      </ActionButton>
    </>
  );
}

/** The vehicle list's buttons: the CSV download, the report, the bulk CSV change and the new vehicle. */
export function ContentListActions({
  openCsv,
  openReport,
  bulkCsv,
  add,
}: {
  openCsv: () => void;
  openReport: () => void;
  /** Whether the caller's menu holds the bulk CSV screen, and the add screen. */
  bulkCsv: boolean;
  add: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ActionButton icon={IconDownload} variant="default" onClick={openCsv} testId="content-csv-open">
        {t('contentsList.csv.open')}
      </ActionButton>
      <ActionButton icon={IconReportAnalytics} variant="default" onClick={openReport} testId="contents-report-open">
        {t('contentsReport.open')}
      </ActionButton>
      {bulkCsv ? (
        <LinkButton to="/contents/bulk" variant="light" icon={IconFileSpreadsheet} testId="content-bulk-csv">
          {t('contentsList.bulkCsv')}
        </LinkButton>
      ) : null}
      {add ? (
        <LinkButton to="/contents/add" icon={IconPlus} testId="content-add">
          {t('contentsList.add')}
        </LinkButton>
      ) : null}
    </>
  );
}
