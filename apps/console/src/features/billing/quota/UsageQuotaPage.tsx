import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUsageQuota } from '../../../api/billing.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { QueryWaitView } from '../../account/QueryWaitView.tsx';
import { SectionCard } from '../../account/SectionCard.tsx';

/** /settlements/usagequota: the vehicles that count against the plan's limit, as a bar, and what to do when full. */
export function UsageQuotaPage() {
  const { t } = useTranslation();
  const quota = useUsageQuota();
  if (quota.isPending || quota.error) return <QueryWaitView query={quota} />;
  const { vehicles_used: used, vehicle_limit: limit } = quota.data;
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const full = limit !== null && used >= limit;
  return (
    <Stack gap="lg" maw={720}>
      <SectionCard id="usage-quota" title={t('billingScreens.quota.title')}>
        <Group justify="space-between">
          <Text fw={600} size="xl" data-testid="quota-used">
            {limit === null
              ? t('billingScreens.quota.usedUnlimited', { used })
              : t('billingScreens.quota.used', { used, limit })}
          </Text>
        </Group>
        {limit === null ? null : (
          <Progress
            value={percent}
            size="xl"
            radius="md"
            color={full ? 'red' : percent >= 80 ? 'yellow' : 'blue'}
            aria-label={t('billingScreens.quota.barLabel', { percent })}
          />
        )}
        {full ? (
          <Alert color="red" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="quota-full">
            <Stack gap="sm">
              <Text size="sm">{t('billingScreens.quota.full')}</Text>
              <div>
                <LinkButton to="/settlements/subscription">{t('billingScreens.quota.changePlan')}</LinkButton>
              </div>
            </Stack>
          </Alert>
        ) : null}
      </SectionCard>
    </Stack>
  );
}
