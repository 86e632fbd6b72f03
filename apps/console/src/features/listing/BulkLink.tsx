import { Anchor, Text } from '@mantine/core';
import { type ContentListItem, CS_CONTENTS_MAX, type PermissionActor } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/apiError.ts';
import { useListingAccount, useVehicleLinkChange } from '../../api/listing.ts';
import { notifySuccess } from '../../api/notify.ts';
import { LinkActionButtons } from './LinkActionButtons.tsx';
import { linkRefusalText } from './LinkStateBadge.tsx';
import { bulkLinkOffers, type RowLinks, refusedRowIds, rowLinkChangeable } from './linkOffers.ts';

/**
 * The vehicle list's bulk link and unlink of the ticked vehicles (one call, all or nothing on the server). A refusal
 * that names vehicles (`content_ids.N`) is kept by row, for each row to show; any other in the bulk bar.
 */
function useBulkLink(onDone: () => void) {
  const { t } = useTranslation();
  const change = useVehicleLinkChange();
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = (ids: readonly string[], link: boolean) => {
    setRefusals(new Map());
    setRefusal(null);
    change.mutate(
      { contentIds: ids, link },
      {
        onSuccess: () => {
          notifySuccess(t(link ? 'contentsList.bulk.linkDone' : 'contentsList.bulk.unlinkDone', { count: ids.length }));
          onDone();
        },
        onError: (error) => {
          const rows = error instanceof ApiError ? refusedRowIds(error.fields, ids) : new Map<string, number>();
          const text = linkRefusalText(error);
          setRefusals(new Map([...rows.keys()].map((id) => [id, text])));
          setRefusal(rows.size > 0 ? t('contentsList.bulk.linkRefusedRows', { count: rows.size }) : text);
        },
      },
    );
  };
  return { run, pending: change.isPending, refusals, refusal };
}

export type ListBulkLink = ReturnType<typeof useBulkLink>;

/**
 * The vehicle list's listing-site link (issue 22), for a user joined to the listing site: what the rows need (whose
 * rows may change, the refusals by row) and the bulk action. Undefined links for anyone else: no column.
 */
export function useListLinks(actor: PermissionActor | undefined, clearSelection: () => void) {
  const joined = actor?.csJoined === true;
  const account = useListingAccount(joined);
  const bulk = useBulkLink(clearSelection);
  const links: RowLinks | undefined =
    actor && joined
      ? { userId: actor.id, signedIn: account.data?.signed_in === true, refusals: bulk.refusals }
      : undefined;
  // Known signed out (not merely still loading): the list says why no row offers a link.
  return { links, bulk, signedOut: joined && account.data?.signed_in === false };
}

/** Said above the list to a joined user signed out of the partner: rows offer no link until they sign in. */
export function ListLinkNote({ signedOut }: { signedOut: boolean }) {
  const { t } = useTranslation();
  if (!signedOut) return null;
  return (
    <Text size="sm" c="gray.7" mb="sm" data-testid="content-link-note">
      {t('listing.row.signInNote')}{' '}
      <Anchor component={Link} to="/account-link">
        {t('listing.row.signInLink')}
      </Anchor>
    </Text>
  );
}

/**
 * The bulk bar's link and unlink (cancel for waiting ones), each on only when every ticked vehicle is the caller's
 * own creation and allows it; shown once the caller is signed in to the partner.
 */
export function BulkLinkButtons({
  chosen,
  links,
  bulk,
}: {
  chosen: readonly ContentListItem[];
  links: RowLinks | undefined;
  bulk: ListBulkLink;
}) {
  const { t } = useTranslation();
  if (!links?.signedIn) return null;
  const offers = bulkLinkOffers(chosen);
  const allowed = chosen.every((c) => rowLinkChangeable(c, links));
  const tooMany = chosen.length > CS_CONTENTS_MAX;
  return (
    <LinkActionButtons
      actions={['link', 'unlink']}
      size="xs"
      pending={bulk.pending}
      onAct={(link) =>
        bulk.run(
          chosen.map((c) => c.id),
          link,
        )
      }
      label={(action) => t(action === 'link' ? 'contentsList.bulk.link' : 'contentsList.bulk.unlink')}
      disabled={(action) => !allowed || tooMany || (action === 'link' ? !offers.link : !offers.unlink)}
      title={tooMany ? t('contentsList.bulk.linkTooMany', { max: CS_CONTENTS_MAX }) : undefined}
      testIds={{ link: 'content-bulk-link', unlink: 'content-bulk-unlink' }}
    />
  );
}
