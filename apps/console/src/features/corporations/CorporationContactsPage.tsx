import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Branch } from '../../api/companies.ts';
import { useAllCorporationContacts, useAllCorporations } from '../../api/partner.ts';
import { CompanyListCard } from './CompanyListCard.tsx';
import { managerOnly } from './ManagerOnly.tsx';

/**
 * `/corporation-contacts` (the locations list, the spec's bases): every location of every corporation of the domain
 * in one list, added under a corporation (the first by default, chosen in the dialog), edited (moved under another)
 * and deleted here.
 */
export const CorporationContactsPage = managerOnly(CorporationContacts);

function CorporationContacts() {
  const { t } = useTranslation();
  const list = useAllCorporationContacts();
  const corporations = useAllCorporations();
  const first = corporations.data?.items[0]?.id;
  return (
    <CompanyListCard<Branch>
      kind="branch"
      texts="contacts"
      testId="contact"
      rows={list.data?.items}
      loading={list.isPending}
      columns={[
        { label: t('corporations.contacts.corporation'), cell: (b) => b.headquarters_name || '—' },
        { label: t('companies.fields.store_code'), cell: (b) => b.store_code || '—' },
      ]}
      addTarget={first === undefined ? undefined : { kind: 'branch', headquartersId: first }}
      notice={
        corporations.data && first === undefined ? (
          <Alert color="blue">{t('corporations.contacts.needCorporation')}</Alert>
        ) : null
      }
    />
  );
}
