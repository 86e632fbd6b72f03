import { Group, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { contractHolderOf } from '../../api/contract.ts';
import { useProfile } from '../../api/profile.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { formatLongDate } from '../../components/formatDateTime.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { currentLocale } from '../../i18n/locale.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { SectionCard } from './SectionCard.tsx';

/**
 * /contract/cancel/complete: what happens now that the contract is cancelled, and the way back to work. Only once
 * it is: a contract holder whose contract runs on is taken to the cancellation screen instead.
 */
export function ContractCancelCompletePage() {
  const profile = useProfile();
  if (profile.isPending) return <CenteredLoader />;
  const user = profile.data?.user;
  if (!user || !contractHolderOf(user)) return <NotAvailablePage />;
  if (user.status !== 'cancel_pending') return <Navigate to="/contract/cancel/conf" replace />;
  return <CancelRegistered serviceEndsAt={user.service_ends_at ?? null} />;
}

function CancelRegistered({ serviceEndsAt }: { serviceEndsAt: string | null }) {
  const { t } = useTranslation();
  const endsOn = formatLongDate(serviceEndsAt, currentLocale());
  return (
    <Stack gap="lg" maw={760}>
      <SectionCard id="contract-cancel-complete" title={t('contract.complete.title')}>
        <Text role="status" data-testid="contract-cancel-done">
          {t('contract.complete.body')}
        </Text>
        {endsOn ? (
          <Text fw={700} data-testid="contract-service-ends">
            {t('contract.complete.endsOn', { date: endsOn })}
          </Text>
        ) : null}
        <Text size="sm" c="gray.7">
          {t('contract.complete.keep')}
        </Text>
        <Group>
          <LinkButton to="/top" icon={IconHome}>
            {t('contract.complete.toTop')}
          </LinkButton>
        </Group>
      </SectionCard>
    </Stack>
  );
}
