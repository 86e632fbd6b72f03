import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { currentReportMonth, partnerBillingReportQuery } from '@spinyard/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Headquarters } from '../../api/companies.ts';
import { useCompanyCode } from '../../api/companyCode.ts';
import { notifySuccess } from '../../api/notify.ts';
import { downloadPartnerBillingReport } from '../../api/partner.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';

const reportForm = partnerBillingReportQuery.pick({ month: true });
const FIELDS = ['month'] as const;
const NAME_KEYS = { month: 'corporations.report.month' } as const;

/**
 * The partner billing report of a month (first document section 1): a CSV for the partner's accounting, of every
 * corporation or one, named with the host's company code (the company-code lookup).
 */
export function PartnerReportCard({ corporations }: { corporations: readonly Headquarters[] }) {
  const { t } = useTranslation();
  const companyCode = useCompanyCode();
  const [corporation, setCorporation] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useZodForm(reportForm, { defaultValues: { month: currentReportMonth() }, nameKeys: NAME_KEYS });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, nameKeys: NAME_KEYS });
  const onSubmit = form.handleSubmit(async ({ month }) => {
    setBusy(true);
    try {
      const params = corporation ? { month, headquarters_id: corporation } : { month };
      await downloadPartnerBillingReport(params, companyCode.data ?? '0006');
      notifySuccess(t('corporations.report.done', { month }));
    } catch (error) {
      showRefusal(error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <SectionCard title={t('corporations.report.title')} description={t('corporations.report.help')} id="partner-report">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('corporations.report.title')}>
        <Stack gap="sm">
          <FormAlert message={form.formError} testId="partner-report-error" />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              {...form.field('month')}
              label={t('corporations.report.month')}
              description={t('corporations.report.monthHelp')}
              inputMode="numeric"
              maxLength={7}
              w={{ base: '100%', sm: 180 }}
              data-testid="partner-report-month"
            />
            <NativeSelect
              label={t('corporations.report.corporation')}
              value={corporation}
              onChange={(event) => setCorporation(event.currentTarget.value)}
              data={[
                { value: '', label: t('corporations.report.all') },
                ...corporations.map((c) => ({ value: c.id, label: c.name })),
              ]}
              w={{ base: '100%', sm: 260 }}
            />
            <ActionButton icon={IconDownload} type="submit" loading={busy} testId="partner-report-download">
              {t('corporations.report.download')}
            </ActionButton>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
