import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaxContents } from '../../../api/domains.ts';
import { currentLocale } from '../../../i18n/locale.ts';

/** How full a limit is: blue, orange from 80 %, red from 95 %. */
export function usageColor(used: number, limit: number): string {
  if (limit <= 0) return used > 0 ? 'red' : 'blue';
  const ratio = used / limit;
  if (ratio >= 0.95) return 'red';
  if (ratio >= 0.8) return 'orange';
  return 'blue';
}

/**
 * Vehicles registered against the domain's limit (`GET /v1/domain/max-contents/{id}`). In per-user mode the
 * limit bounds each user, so the bar shows the user with the most vehicles.
 */
export function VehicleCounter({ counter }: { counter: MaxContents | undefined }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (!counter) return <Skeleton height={48} radius="md" aria-hidden />;
  const n = (value: number) => value.toLocaleString(locale);
  const perUser = counter.limit_mode === 'per_user';
  const used = perUser ? counter.max_registered_per_user : counter.registered_vehicles;
  const limit = counter.vehicle_limit;
  return (
    <Stack gap={6} data-testid="vehicle-counter">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('domains.counter.title')}
        </Text>
        <Text size="sm" data-testid="vehicle-counter-value">
          {limit === null
            ? t('domains.counter.unlimited', { registered: n(counter.registered_vehicles) })
            : t('domains.counter.ofLimit', { registered: n(counter.registered_vehicles), limit: n(limit) })}
        </Text>
      </Group>
      {limit !== null ? (
        <Progress
          value={limit === 0 ? (used > 0 ? 100 : 0) : Math.min(100, (used / limit) * 100)}
          color={usageColor(used, limit)}
          size="md"
          radius="xl"
          aria-label={t('domains.counter.title')}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        {perUser
          ? t('domains.counter.perUser', { vehicles: n(counter.max_registered_per_user) })
          : counter.remaining !== null
            ? t('domains.counter.remaining', { vehicles: n(Math.max(0, counter.remaining)) })
            : t('domains.counter.perDomain')}
      </Text>
    </Stack>
  );
}
