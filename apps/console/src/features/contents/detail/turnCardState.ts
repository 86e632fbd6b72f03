/**
 * What the vehicle page's turn check card says and offers (issue 18, points 1 and 3). Before buyers see the vehicle
 * it warns before publishing and offers "publish anyway". Once buyers see it, that button would only publish again
 * what they already have, and the pending-changes card holds the one button that publishes edits (asking the same
 * turn question): so the card keeps its warning and the ways to mend the spin (trim, upload again), no button to
 * publish, and says the spin is the one buyers see unless a change of the spin waits to be published.
 */
export interface TurnCardState {
  title: 'cardTitle' | 'cardTitleLive';
  actions: 'detailActions' | 'detailActionsLive';
  publishAnyway: boolean;
}

/** Pending areas (`GET /contents/pending_changes`) that change the spin buyers see. */
const SPIN_AREAS: readonly string[] = ['exterior', 'blur'];

/**
 * `live`: the vehicle is public the way it publishes (its republish applies); `pending`: the areas waiting to be
 * published, undefined while unread (then the spin buyers see is taken as the one shown).
 */
export function turnCardState(live: boolean, pending: readonly string[] | undefined): TurnCardState {
  if (!live) return { title: 'cardTitle', actions: 'detailActions', publishAnyway: true };
  const spinWaits = (pending ?? []).some((area) => SPIN_AREAS.includes(area));
  return { title: spinWaits ? 'cardTitle' : 'cardTitleLive', actions: 'detailActionsLive', publishAnyway: false };
}
