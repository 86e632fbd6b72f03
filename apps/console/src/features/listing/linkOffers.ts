import { type ContentListItem, isLinkError, type LinkState } from '@spinyard/domain';

/**
 * What a vehicle's link state offers, the same on its detail card and its list row: link when not linked or in
 * error (a retry), unlink when linked, cancel while it waits, dismiss an error; nothing while its job is linking.
 */
export function linkOffers(state: LinkState): { link: boolean; unlink: 'unlink' | 'cancel' | null } {
  const link = state === 'not_linked' || isLinkError(state);
  if (state === 'waiting') return { link, unlink: 'cancel' };
  return { link, unlink: state === 'linked' || isLinkError(state) ? 'unlink' : null };
}

/**
 * A list row's detailed state from the list's coarse one (contents.listing_link); an error row's detailed error
 * comes from its own link read, `error_default` until it has come.
 */
export function rowLinkState(coarse: ContentListItem['listing_link']): LinkState {
  switch (coarse) {
    case 'none':
      return 'not_linked';
    case 'error':
      return 'error_default';
    default:
      return coarse;
  }
}

/** A row's link can be changed from the list by its creator only (first document section 6). */
export function rowLinkable(item: Pick<ContentListItem, 'creator_id'>, userId: string | undefined): boolean {
  return userId !== undefined && item.creator_id === userId;
}

/** Whether every ticked vehicle offers the bulk link (or unlink): all of one mind, or the button stays off. */
export function bulkLinkOffers(rows: readonly Pick<ContentListItem, 'listing_link'>[]) {
  const offers = rows.map((r) => linkOffers(rowLinkState(r.listing_link)));
  return { link: offers.every((o) => o.link), unlink: offers.every((o) => o.unlink !== null) };
}

/** The row a bulk refusal names (`content_ids.N` of the ids sent), so the refusal is shown on that row. */
export function refusedRowIds(fields: readonly { field: string }[], sent: readonly string[]): Map<string, number> {
  const rows = new Map<string, number>();
  fields.forEach((f, i) => {
    const match = /^content_ids\.(\d+)$/.exec(f.field);
    const id = match ? sent[Number(match[1])] : undefined;
    if (id !== undefined) rows.set(id, i);
  });
  return rows;
}

/** What the vehicle list needs to show its link column: whose rows may change, and the refusals by row. */
export interface RowLinks {
  userId: string;
  /** The caller's partner account is signed in (a link needs it). */
  signedIn: boolean;
  refusals: ReadonlyMap<string, string>;
}

/** Whether the list may change this row's link: the caller created it and is signed in to the partner. */
export function rowLinkChangeable(item: Pick<ContentListItem, 'creator_id'>, links: RowLinks | undefined): boolean {
  return links?.signedIn === true && rowLinkable(item, links.userId);
}
