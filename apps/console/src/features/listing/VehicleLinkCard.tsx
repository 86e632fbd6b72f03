import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isLinkError } from '@spinyard/domain';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { useVehicleLink, useVehicleLinkChange } from '../../api/listing.ts';

/**
 * A vehicle's listing-site link on its detail page: the state in words (an error says why, with the partner's code),
 * and link or unlink (cancel while it waits). Shown to users joined to the listing site; the server refuses anyone
 * but the vehicle's creator, and the card says so.
 */
export function VehicleLinkCard({ contentId }: { contentId: string }) {
  const { t } = useTranslation();
  const link = useVehicleLink(contentId);
  const change = useVehicleLinkChange();
  if (!link.data) return null;
  const l = link.data;
  const error = isLinkError(l.state);
  const canLink = l.state === 'not_linked' || error;
  const canUnlink = l.state === 'linked' || l.state === 'waiting' || error;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="vehicle-link-title"
      data-testid="vehicle-link"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="vehicle-link-title">
          {t('listing.vehicle.title')}
        </Title>
        <Badge
          variant="outline"
          color={l.state === 'linked' ? 'teal.9' : error ? 'red.9' : 'gray.8'}
          data-testid="vehicle-link-state"
        >
          {t(`listing.states.${error ? 'error' : l.state}`)}
        </Badge>
      </Group>
      <Stack gap="xs">
        <Text size="sm">{t('listing.vehicle.key', { key: l.link_key || '–' })}</Text>
        {l.property_code ? <Text size="sm">{t('listing.vehicle.property', { code: l.property_code })}</Text> : null}
        {error ? (
          <Alert color="red" data-testid="vehicle-link-error">
            {t(`errors.listing.${l.state}`)}
            {l.msg_id ? ` ${t(`errors.listing_search.${l.msg_id}`, { defaultValue: '' })}` : ''}
          </Alert>
        ) : null}
        {l.drift ? (
          <Text size="sm" c="orange.9">
            {t(`listing.vehicle.drift.${l.drift}`)}
          </Text>
        ) : null}
        {change.error instanceof ApiError ? <Alert color="red">{apiErrorText(change.error)}</Alert> : null}
        <Group gap="sm">
          {canLink ? (
            <Button
              leftSection={<IconLink size={16} aria-hidden />}
              loading={change.isPending}
              onClick={() => change.mutate({ contentId, link: true })}
              data-testid="vehicle-link-add"
            >
              {t('listing.vehicle.link')}
            </Button>
          ) : null}
          {canUnlink ? (
            <Button
              variant="light"
              color="gray"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              loading={change.isPending}
              onClick={() => change.mutate({ contentId, link: false })}
              data-testid="vehicle-link-remove"
            >
              {t(l.state === 'waiting' ? 'listing.vehicle.cancel' : 'listing.vehicle.unlink')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
