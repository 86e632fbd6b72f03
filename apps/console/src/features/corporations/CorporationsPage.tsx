import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Headquarters } from '../../api/companies.ts';
import { useAllCorporations } from '../../api/partner.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { CompanyListCard } from './CompanyListCard.tsx';
import { managerOnly } from './ManagerOnly.tsx';
import { PartnerReportCard } from './PartnerReportCard.tsx';
import { ReportingKeysCard } from './ReportingKeysCard.tsx';

/**
 * `/corporations` (first document, section 2: the dealer-brand host and the listing-partner tenant, in place of the
 * account menu): every corporation of the domain in one list, added, edited and deleted here, with the month's
 * partner billing report and the reporting API's keys below.
 */
export const CorporationsPage = managerOnly(Corporations);

function Corporations() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = useAllCorporations();
  return (
    <Stack gap="lg">
      <CompanyListCard<Headquarters>
        kind="headquarters"
        texts="list"
        testId="corporation"
        rows={list.data?.items}
        loading={list.isPending}
        columns={[
          { label: t('companies.fields.corporate_code'), cell: (hq) => hq.corporate_code || '—' },
          { label: t('corporations.list.locations'), cell: (hq) => hq.branch_count.toLocaleString(locale) },
        ]}
        addTarget={{ kind: 'headquarters' }}
      />
      <PartnerReportCard corporations={list.data?.items ?? []} />
      <ReportingKeysCard />
    </Stack>
  );
}
