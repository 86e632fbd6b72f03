import { NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { type ContentListParams, csvPeriodWithinLimit, PERIOD_COLUMNS, type PeriodColumn } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadContentsCsv } from '../../../api/contents.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { todayInJapan } from '../../../components/formatDateTime.ts';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { saveBlob } from '../../../lib/saveBlob.ts';
import { actionErrorText } from '../actions/ContentActionsMenu.tsx';
import { periodOf } from './listConditions.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The last month up to today, the widest period the download takes: from the day after the same day a month ago
 * (the previous month's last day when it is shorter: 31 March opens on 1 March), moved on while the one-month rule
 * (the domain's, which the server applies) refuses it: on a month's last day after a longer month (30 November,
 * 28 February) the month itself is the period.
 */
export function defaultCsvPeriod(today: Date): { start: string; end: string } {
  const [y, m] = [today.getFullYear(), today.getMonth()];
  const daysBefore = new Date(y, m, 0).getDate();
  const end = dateText(today);
  let start = new Date(y, m - 1, Math.min(today.getDate(), daysBefore) + 1);
  // At most three days on (31 January to 1 February); today itself is always within the rule.
  while (start < today && csvPeriodProblem('created', dateText(start), end) !== null) {
    start = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  }
  return { start: dateText(start), end };
}

/** Why a picked period cannot be downloaded, as a catalogue key, or null when it can. */
export function csvPeriodProblem(period: PeriodColumn, start: string, end: string): string | null {
  if (start === '' || end === '') return 'contentsList.csv.datesRequired';
  if (end < start) return 'contentsList.filters.endBeforeStart';
  const query = periodOf(period, start, end);
  if (!query || !csvPeriodWithinLimit(query.start_at, query.end_at)) return 'contentsList.csv.tooLong';
  return null;
}

/**
 * The list's CSV download (first document section 2): the vehicles of the list's conditions, created or updated
 * within a period of at most one month (second document section 5), the server streaming the file.
 */
export function CsvDownloadDialog({
  opened,
  onClose,
  query,
}: {
  opened: boolean;
  onClose: () => void;
  /** The list's conditions; the dialog's period replaces the list's own. */
  query: ContentListParams;
}) {
  const { t } = useTranslation();
  const [basis, setBasis] = useState<PeriodColumn>('created');
  const [dates, setDates] = useState(() => defaultCsvPeriod(todayInJapan()));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problem = csvPeriodProblem(basis, dates.start, dates.end);

  const download = async () => {
    const period = periodOf(basis, dates.start, dates.end);
    if (problem || !period) return;
    setBusy(true);
    setRefusal(null);
    try {
      const { period: _p, start_at: _s, end_at: _e, ...conditions } = query;
      const blob = await downloadContentsCsv({ ...conditions, ...period });
      saveBlob(blob, `contents_${basis}_${dates.start}_${dates.end}.csv`);
      notifySuccess(t('contentsList.csv.done'));
      onClose();
    } catch (error) {
      setRefusal(actionErrorText(error, t('errors.general_error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmModal
      opened={opened}
      title={t('contentsList.csv.title')}
      confirmLabel={t('contentsList.csv.download')}
      color="blue"
      onConfirm={() => void download()}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
      loading={busy}
      confirmDisabled={problem !== null}
      testId="content-csv"
    >
      <Text size="sm">{t('contentsList.csv.body')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label={t('contentsList.csv.basis')}
          value={basis}
          onChange={(e) => setBasis(e.currentTarget.value as PeriodColumn)}
          data={PERIOD_COLUMNS.map((p) => ({ value: p, label: t(`contentsList.filters.${p}`) }))}
          data-testid="content-csv-basis"
        />
        <DateField
          label={t('contentsList.filters.start')}
          value={dates.start}
          onChange={(e) => setDates({ ...dates, start: e.currentTarget.value })}
          data-testid="content-csv-start"
        />
        <DateField
          label={t('contentsList.filters.end')}
          value={dates.end}
          onChange={(e) => setDates({ ...dates, end: e.currentTarget.value })}
          data-testid="content-csv-end"
        />
      </SimpleGrid>
      {problem ? (
        <Text size="sm" c="red.8" role="status" data-testid="content-csv-problem">
          {t(problem)}
        </Text>
      ) : null}
      <RefusalAlert refusal={refusal} testId="content-csv-refusal" />
    </ConfirmModal>
  );
}
