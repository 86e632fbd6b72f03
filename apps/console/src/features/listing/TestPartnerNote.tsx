import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useListingAccount } from '../../api/listing.ts';

/**
 * Says so when the server talks to its built-in test partner (no listing site configured): a dealer must not take
 * the link for a real listing, nor the partner's figures (all 0 there) for their listings' traffic.
 */
export function TestPartnerNote() {
  const { t } = useTranslation();
  const account = useListingAccount();
  if (!account.data?.test_partner) return null;
  return (
    <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="listing-test-partner">
      {t('listing.testPartner')}
    </Alert>
  );
}
