import {
  type CsAutojoinAnswer,
  type CsContentsAnswer,
  canRunListingOperation,
  canTransitionLink,
  canUseListing,
  coarseLinkState,
  type LinkMethod,
  linkRequestTarget,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { ListingService } from '../../platform/listing/port.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { lockVisible } from '../contents/content-service.ts';
import { setListingLinkState } from '../contents/media-access.ts';
import { isUniqueViolation } from '../sql.ts';
import { setOwnCsAutojoin } from '../users/settings-service.ts';
import { keyTypeOf, linkAnswer } from './link-reads.ts';
import { keyColumn, type LinkRow, listingRepo } from './repo.ts';
import { appErrorOf, listingSessions } from './sessions.ts';
import { moveLink } from './work.ts';

export interface LinkServiceDeps {
  db: Db;
  partner: ListingService;
  parallel: number;
  /** Runs a request's link: the job (enqueued) on a working server, at once where there are no workers (tests). */
  startLink(link: { contentId: string; seq: number }): Promise<void>;
  /**
   * Queues many links' jobs in one statement inside the transaction that made their rows; absent where there is no
   * job runner (the links are then started one by one once committed).
   */
  queueLinks?: ((trx: Db, links: readonly { content_id: string; seq: number }[]) => Promise<void>) | undefined;
  /**
   * Starts the automatic link of a creator's stock: its job enqueued (null: the answer does not wait for it), or,
   * where there is no job runner, run at once (the number of vehicles queued).
   */
  startAutojoin(userId: string): Promise<number | null>;
}

/** The listing operations of vehicles: link (manual or automatic), unlink or cancel, and the link's figures. */
export function linkService(deps: LinkServiceDeps) {
  const { db } = deps;

  async function joinedCaller(actor: Actor): Promise<CallerContext> {
    const caller = await loadCaller(db, actor);
    enforce(canUseListing(caller.permission));
    return caller;
  }

  /** In one transaction: every vehicle checked, then each moved to its request's first state. */
  async function request(actor: Actor, ids: readonly string[], method: LinkMethod): Promise<LinkRow[]> {
    const caller = await joinedCaller(actor);
    const keyType = keyTypeOf(caller);
    const target = linkRequestTarget(method);
    try {
      return await db.transaction().execute(async (trx) => {
        const repo = listingRepo(trx);
        const made: LinkRow[] = [];
        const current = new Map((await repo.lockLinks(ids)).map((l) => [l.content_id, l]));
        for (const [i, id] of ids.entries()) {
          const vehicle = await lockVisible(trx, caller, id);
          enforce(canRunListingOperation(caller.permission, { creatorId: vehicle.creator_user_id }));
          const key = String(vehicle[keyColumn(keyType)] ?? '').trim();
          if (key === '') {
            throw new AppError('listing_key_missing', {
              fields: [fieldError(`content_ids.${i}`, 'link_key', 'This vehicle has no link key.')],
            });
          }
          const from = current.get(id)?.state ?? 'not_linked';
          const allowed = canTransitionLink(from, target);
          if (!allowed.ok) {
            throw new AppError('invalid_state_transition', { params: { reason: allowed.reason, from } });
          }
          if ((await repo.sameKeyVehicles(vehicle.domain_id, keyType, key, id)).length > 0) {
            throw new AppError('listing_key_duplication', {
              fields: [fieldError(`content_ids.${i}`, 'unique', 'Another vehicle has the same link key.')],
            });
          }
          const link = await repo.request({
            contentId: id,
            domainId: vehicle.domain_id,
            userId: caller.permission.id,
            method,
            state: target,
            key,
            keyType,
          });
          await setListingLinkState(trx, [id], coarseLinkState(target));
          made.push(link);
        }
        return made;
      });
    } catch (error) {
      // Two requests racing for one key: the active-key index refuses the second.
      if (isUniqueViolation(error)) throw new AppError('listing_key_duplication');
      throw error;
    }
  }

  async function answers(ids: readonly string[]): Promise<CsContentsAnswer> {
    const rows = await listingRepo(db).linksOfVehicles(ids);
    const byId = new Map(rows.map((r) => [r.content_id, r]));
    return { items: ids.flatMap((id) => (byId.has(id) ? [linkAnswer(byId.get(id)!)] : [])) };
  }

  return {
    async register(actor: Actor, ids: string[], method: LinkMethod = 'manual'): Promise<CsContentsAnswer> {
      const links = await request(actor, ids, method);
      for (const link of links) await deps.startLink({ contentId: link.content_id, seq: link.seq });
      return answers(ids);
    },

    /**
     * Unlink: a waiting link is cancelled (it never reached the partner), a linked one taken off the partner's
     * property, an error dismissed; a link under way is refused (its job is talking to the partner).
     */
    async unregister(actor: Actor, ids: string[]): Promise<CsContentsAnswer> {
      const caller = await joinedCaller(actor);
      const repo = listingRepo(db);
      for (const id of ids) {
        const vehicle = await db.transaction().execute((trx) => lockVisible(trx, caller, id));
        enforce(canRunListingOperation(caller.permission, { creatorId: vehicle.creator_user_id }));
        const link = await repo.link(id);
        if (!link || link.state === 'not_linked') continue;
        const allowed = canTransitionLink(link.state, 'not_linked');
        if (!allowed.ok) {
          throw new AppError('invalid_state_transition', {
            params: { reason: 'error_join_processing', from: link.state },
          });
        }
        if (link.state === 'linked' && link.property_code) {
          const propertyCode = link.property_code;
          await listingSessions(deps)
            .withSession(caller.permission.id, (s) => deps.partner.unregister(s, { propertyCode }))
            .catch((error: unknown) => {
              throw appErrorOf(error);
            });
          await moveLink(db, link, { state: 'not_linked', property_code: null }, 'unpublished');
        } else {
          await moveLink(db, link, { state: 'not_linked', property_code: null });
        }
      }
      return answers(ids);
    },

    /**
     * Automatic link on or off for the caller; on starts the job that queues every vehicle they created that has a
     * key of its own, and answers at once (a stock of 10,000 took 4.9 s to queue in the request).
     */
    async autojoin(actor: Actor, on: boolean): Promise<CsAutojoinAnswer> {
      const caller = await joinedCaller(actor);
      await setOwnCsAutojoin(db, caller.permission.id, on);
      const queued = on ? await deps.startAutojoin(caller.permission.id) : 0;
      return { cs_autojoin: on, queued: queued ?? 0, queueing: queued === null };
    },
  };
}

export type LinkService = ReturnType<typeof linkService>;
