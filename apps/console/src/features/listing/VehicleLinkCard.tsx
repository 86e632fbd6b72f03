import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isLinkError } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useVehicleLink, useVehicleLinkChange } from '../../api/listing.ts';
import { LinkActionButtons, offeredActions } from './LinkActionButtons.tsx';
import { LinkStateBadge, linkErrorText, linkRefusalText } from './LinkStateBadge.tsx';
import { linkOffers } from './linkOffers.ts';

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
  const offers = linkOffers(l.state);
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
        <LinkStateBadge state={l.state} testId="vehicle-link-state" />
      </Group>
      <Stack gap="xs">
        <Text size="sm">{t('listing.vehicle.key', { key: l.link_key || '–' })}</Text>
        {l.property_code ? <Text size="sm">{t('listing.vehicle.property', { code: l.property_code })}</Text> : null}
        {error ? (
          <Alert color="red" data-testid="vehicle-link-error">
            {linkErrorText(t, l.state, l.msg_id)}
          </Alert>
        ) : null}
        {l.drift ? (
          <Text size="sm" c="orange.9">
            {t(`listing.vehicle.drift.${l.drift}`)}
          </Text>
        ) : null}
        {change.error ? <Alert color="red">{linkRefusalText(change.error)}</Alert> : null}
        <Group gap="sm">
          <LinkActionButtons
            actions={offeredActions(offers)}
            size="sm"
            pending={change.isPending}
            onAct={(link) => change.mutate({ contentIds: [contentId], link })}
            label={(action) => t(`listing.vehicle.${action}`)}
            testIds={{ link: 'vehicle-link-add', unlink: 'vehicle-link-remove' }}
          />
        </Group>
      </Stack>
    </Card>
  );
}
