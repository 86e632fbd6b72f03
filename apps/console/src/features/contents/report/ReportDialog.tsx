import { Checkbox, NativeSelect, Text } from '@mantine/core';
import { CONTENTS_REPORT_TYPES, contentsReportQuery, currentReportMonth } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadContentsReport } from '../../../api/contentReport.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';

const FIELDS = ['month', 'report_type', 'sleep'] as const;
const NAME_KEYS = {
  month: 'contentsReport.month',
  report_type: 'contentsReport.type',
  sleep: 'contentsReport.sleep',
};

/**
 * The contents report download (GET /contents_report): a month (Japan time, this month first), one line per
 * vehicle or per owner, with or without the sleeping vehicles. The form is the report's query schema from the
 * domain package; a refused month shows beside its field, any other refusal above the buttons.
 */
export function ReportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useZodForm(contentsReportQuery, {
    defaultValues: { month: currentReportMonth(), report_type: 'summary', sleep: '0' },
    nameKeys: NAME_KEYS,
  });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, nameKeys: NAME_KEYS });

  const download = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await downloadContentsReport(values);
      notifySuccess(t('contentsReport.done'));
      onClose();
    } catch (error) {
      showRefusal(error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <ConfirmModal
      opened={opened}
      title={t('contentsReport.title')}
      confirmLabel={t('contentsReport.download')}
      color="blue"
      onConfirm={() => void download()}
      onClose={() => {
        form.clearErrors();
        onClose();
      }}
      loading={busy}
      testId="contents-report"
    >
      <Text size="sm">{t('contentsReport.body')}</Text>
      <ControlledField
        form={form}
        name="month"
        render={({ ref, ...field }) => (
          <DateField
            {...field}
            ref={ref}
            granularity="month"
            onChange={(event) => field.onChange(event.currentTarget.value)}
            label={t('contentsReport.month')}
            description={t('contentsReport.monthHint')}
            required
            data-testid="contents-report-month"
          />
        )}
      />
      <NativeSelect
        label={t('contentsReport.type')}
        data={CONTENTS_REPORT_TYPES.map((type) => ({ value: type, label: t(`contentsReport.types.${type}`) }))}
        {...form.field('report_type')}
        data-testid="contents-report-type"
      />
      <ControlledField
        form={form}
        name="sleep"
        render={({ value, onChange, onBlur, ref, error }) => (
          <Checkbox
            label={t('contentsReport.sleep')}
            checked={value === '1'}
            onChange={(e) => onChange(e.currentTarget.checked ? '1' : '0')}
            onBlur={onBlur}
            ref={ref}
            error={error}
            data-testid="contents-report-sleep"
          />
        )}
      />
      <RefusalAlert refusal={form.formError} />
    </ConfirmModal>
  );
}
