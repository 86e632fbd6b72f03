import { autojoinKeyType, queueAutomatic } from './autojoin.ts';
import type { LinkServiceDeps } from './link-service.ts';
import { type AccountRow, type LinkRow, listingRepo } from './repo.ts';
import { listingSessions } from './sessions.ts';
import { moveLink } from './work.ts';

/** An open link untouched this long lost its job (a dead worker past its retries): it is asked again. */
const STALE_MINUTES = 60;
/** The first look back of an account never reconciled. */
const FIRST_LOOK_BACK_MS = 2 * 3600_000;

export interface ReconcileResult {
  drifted: number;
  requeued: number;
  queued: number;
}

/** What the partner's log says last happened to each property: only the last event counts. */
function lastEvents(entries: { propertyCode: string; event: string }[]): Map<string, string> {
  const last = new Map<string, string>();
  for (const e of entries) last.set(e.propertyCode, e.event);
  return last;
}

async function driftOf(deps: LinkServiceDeps, account: AccountRow): Promise<number> {
  const repo = listingRepo(deps.db);
  const startedAt = new Date();
  const since = account.reconciled_at ?? new Date(startedAt.getTime() - FIRST_LOOK_BACK_MS);
  const entries = await listingSessions(deps).withSession(account.user_id, (s) =>
    deps.partner.log(s, { since: since.toISOString() }),
  );
  const last = lastEvents(entries);
  const gone = [...last].filter(([, event]) => event !== 'registered').map(([code]) => code);
  let drifted = 0;
  for (const link of await repo.linkedByProperty(account.user_id, gone)) {
    const removed = last.get(link.property_code ?? '') === 'property_removed';
    const drift = removed ? 'property_removed' : 'unregistered_on_partner';
    if (
      await moveLink(
        deps.db,
        link,
        { state: 'not_linked', property_code: null, drift },
        removed ? 'deleted' : 'unpublished',
      )
    ) {
      drifted += 1;
    }
  }
  await repo.updateAccount(account.user_id, { reconciled_at: startedAt });
  return drifted;
}

async function askAgain(deps: LinkServiceDeps, links: LinkRow[]): Promise<number> {
  const repo = listingRepo(deps.db);
  for (const link of links) {
    const seq = await repo.bumpSeq(link.content_id);
    if (link.state.startsWith('error_')) await moveLink(deps.db, { ...link, seq }, { state: 'waiting', msg_id: null });
    await deps.startLink({ contentId: link.content_id, seq });
  }
  return links.length;
}

/**
 * The hourly reconcile: each signed-in account's partner log read since the last run, a linked vehicle whose
 * property was removed (or whose view was taken off) on the partner's side recorded as drifted and unlinked; links
 * whose job was lost and links refused outside the partner's hours asked again; the automatic link's new vehicles
 * queued. One account's failure (its session refused, the partner away) leaves the others to run.
 */
export async function reconcileListing(
  deps: LinkServiceDeps,
  log: (msg: string, fields: Record<string, unknown>) => void = () => undefined,
): Promise<ReconcileResult> {
  const repo = listingRepo(deps.db);
  const result: ReconcileResult = { drifted: 0, requeued: 0, queued: 0 };
  result.requeued += await askAgain(deps, await repo.staleOpenLinks(STALE_MINUTES));
  result.requeued += await askAgain(deps, await repo.outsideHoursFailures());
  const accounts = await repo.signedInAccounts();
  const settings = new Map((await repo.usersSettings(accounts.map((a) => a.user_id))).map((u) => [u.id, u]));
  for (const account of accounts) {
    try {
      result.drifted += await driftOf(deps, account);
      const user = settings.get(account.user_id);
      const keyType = user ? autojoinKeyType(user) : null;
      if (keyType) result.queued += await queueAutomatic(deps, account.user_id, keyType);
    } catch (error) {
      log('Listing reconcile of an account failed', { user: account.user_id, error: String(error) });
    }
  }
  return result;
}
