import { chartPeriodLastDay } from '@spinyard/domain';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField.tsx';

export interface Period {
  from: string;
  to: string;
}

/** A chart's period: two dates, the end at most a year after the start, the error under the end date. */
export function PeriodInputs({
  period,
  onChange,
  error,
  testIdPrefix,
}: {
  period: Period;
  onChange: Dispatch<SetStateAction<Period>>;
  error: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const width = { base: '100%', xs: 180 };
  return (
    <>
      <DateField
        label={t('statistics.from')}
        value={period.from}
        w={width}
        data-testid={`${testIdPrefix}-from`}
        onChange={(e) => onChange((p) => ({ ...p, from: e.currentTarget.value }))}
      />
      <DateField
        label={t('statistics.to')}
        value={period.to}
        min={period.from}
        w={width}
        max={/^\d{4}-\d{2}-\d{2}$/.test(period.from) ? chartPeriodLastDay(period.from) : undefined}
        onChange={(e) => onChange((p) => ({ ...p, to: e.currentTarget.value }))}
        error={error ? t(`statistics.periodErrors.${error}`) : undefined}
        data-testid={`${testIdPrefix}-to`}
      />
    </>
  );
}
