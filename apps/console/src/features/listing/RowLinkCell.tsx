import { Group, Stack, Table, Text } from '@mantine/core';
import { type ContentListItem, isLinkError } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useVehicleLink, useVehicleLinkChange } from '../../api/listing.ts';
import { LinkActionButtons, offeredActions } from './LinkActionButtons.tsx';
import { LinkStateBadge, linkErrorText, linkRefusalText } from './LinkStateBadge.tsx';
import { linkOffers, rowLinkState } from './linkOffers.ts';

/**
 * A vehicle list row's listing-site link: its state in words, an error with its catalogue message (the row asks its
 * own link read for which error, as the detail card does), and link, unlink or cancel for the vehicle's creator
 * whose partner account is signed in. A refusal stays on the row (this row's own, or the one a bulk action named
 * for it), and the list keeps its page, conditions and ticks.
 */
export function RowLinkCell({
  item,
  name,
  canChange,
  refusal,
}: {
  item: ContentListItem;
  name: string;
  canChange: boolean;
  refusal: string | undefined;
}) {
  const { t } = useTranslation();
  const error = item.listing_link === 'error';
  const detail = useVehicleLink(item.id, error);
  const change = useVehicleLinkChange();
  const state =
    error && detail.data && isLinkError(detail.data.state) ? detail.data.state : rowLinkState(item.listing_link);
  const offers = linkOffers(state);
  const shownRefusal = change.error ? linkRefusalText(change.error) : refusal;
  return (
    <Table.Td data-testid="content-link" data-state={state}>
      {/* Narrow, its sentences wrapped, so the list's other columns keep their width. */}
      <Stack gap={4} align="flex-start" maw={220}>
        <LinkStateBadge size="sm" state={state} testId="content-link-state" />
        {isLinkError(state) ? (
          <Text size="xs" c="red.9" data-testid="content-link-error">
            {linkErrorText(t, state, detail.data?.msg_id)}
          </Text>
        ) : null}
        {canChange ? (
          <Group gap={4} wrap="wrap">
            <LinkActionButtons
              actions={offeredActions(offers)}
              size="compact-xs"
              pending={change.isPending}
              onAct={(link) => change.mutate({ contentIds: [item.id], link })}
              label={(action) => t(action === 'link' ? 'listing.vehicle.link' : `listing.row.${action}`)}
              ariaLabel={(action) => t(`listing.row.${action}Of`, { name })}
              testIds={{ link: 'content-link-add', unlink: 'content-link-remove' }}
            />
          </Group>
        ) : null}
        {shownRefusal ? (
          <Text size="xs" c="red.9" role="alert" data-testid="content-link-refusal">
            {shownRefusal}
          </Text>
        ) : null}
      </Stack>
    </Table.Td>
  );
}
