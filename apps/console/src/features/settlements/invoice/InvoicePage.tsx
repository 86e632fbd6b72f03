import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconFileInvoice, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/profile.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { CustomerList } from './CustomerList.tsx';
import { InvoiceList } from './InvoiceList.tsx';

/**
 * /settlements/invoice: a dealer's invoices (admin paying by card) with their PDFs and the CSV; for master the
 * same list over every customer, and the customers view (who is behind on payment first) leading to one
 * customer's invoices.
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [tab, setTab] = useState<string | null>('invoices');
  const [customer, setCustomer] = useState<{ id: string; label: string } | undefined>();
  if (!profile.data) return <CenteredLoader py={64} />;
  const master = profile.data.user.privilege_type === 'master';

  if (!master) {
    return (
      <Stack gap="lg" data-testid="invoice-page">
        <Text size="sm">{t('billingInvoices.intro')}</Text>
        <InvoiceList showCustomer={false} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid="invoice-page">
      <Text size="sm">{t('billingInvoices.masterIntro')}</Text>
      <Tabs value={tab} onChange={setTab} variant="pills" radius="md">
        <Tabs.List mb="md">
          <Tabs.Tab value="invoices" leftSection={<IconFileInvoice size={16} aria-hidden />} data-testid="tab-invoices">
            {t('billingInvoices.tabs.invoices')}
          </Tabs.Tab>
          <Tabs.Tab value="customers" leftSection={<IconUsers size={16} aria-hidden />} data-testid="tab-customers">
            {t('billingInvoices.tabs.customers')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          {customer ? (
            <Group mb="sm">
              <Button variant="subtle" size="compact-sm" onClick={() => setCustomer(undefined)}>
                {t('billingInvoices.allCustomers')}
              </Button>
            </Group>
          ) : null}
          <InvoiceList key={customer?.id ?? 'all'} showCustomer={!customer} customer={customer} />
        </Tabs.Panel>
        <Tabs.Panel value="customers">
          <CustomerList
            onInvoices={(c) => {
              setCustomer(c);
              setTab('invoices');
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
