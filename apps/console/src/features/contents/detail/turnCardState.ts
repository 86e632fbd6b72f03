/**
 * What the vehicle page's turn check card says and offers (issue 18, points 1 and 3). Before buyers see the vehicle
 * it warns before publishing and offers "publish anyway". Once buyers see it, that button would only publish again
 * what they already have, and the pending-changes card holds the one button that publishes edits (asking the same
 * turn question): so the card keeps its warning and the ways to mend the spin (trim, upload again), no button to
 * publish, and says the spin is the one buyers see unless a change of the spin waits to be published. A row short of
 * a turn already uses its whole video: trimming cannot mend it, so it offers no trim and the text says to film the
 * walk-around again (at least one whole turn).
 */
export interface TurnCardState {
  title: 'cardTitle' | 'cardTitleLive';
  actions: 'detailActions' | 'detailActionsShort' | 'detailActionsLive' | 'detailActionsLiveShort';
  publishAnyway: boolean;
}

/** Whether a row's turn check can be mended by trimming its video (not when the video holds less than a turn). */
export const trimMends = (turnCheck: string | null): boolean => turnCheck !== 'short_of_turn';

/** Pending areas (`GET /contents/pending_changes`) that change the spin buyers see. */
const SPIN_AREAS: readonly string[] = ['exterior', 'blur'];

/**
 * `live`: the vehicle is public the way it publishes (its republish applies); `pending`: the areas waiting to be
 * published, undefined while unread (then the spin buyers see is taken as the one shown); `checks`: the rows' turn
 * checks shown.
 */
export function turnCardState(
  live: boolean,
  pending: readonly string[] | undefined,
  checks: readonly (string | null)[],
): TurnCardState {
  const short = !checks.some(trimMends);
  if (!live)
    return { title: 'cardTitle', actions: short ? 'detailActionsShort' : 'detailActions', publishAnyway: true };
  const spinWaits = (pending ?? []).some((area) => SPIN_AREAS.includes(area));
  return {
    title: spinWaits ? 'cardTitle' : 'cardTitleLive',
    actions: short ? 'detailActionsLiveShort' : 'detailActionsLive',
    publishAnyway: false,
  };
}
