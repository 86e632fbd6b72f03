import {
  type CsAllAnswer,
  type CsLatestAnswer,
  type CsLinkAnswer,
  type CsLogAnswer,
  canCancelLink,
  canUseListing,
  LINK_STATISTICS,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { lockVisible } from '../contents/content-service.ts';
import { type KeyType, keyColumn, type LinkRow, listingRepo } from './repo.ts';

type LinkWithVehicle = LinkRow & { management_id: string };

/** The vehicle field the caller's domain links by (listing_key_type). */
export const keyTypeOf = (caller: CallerContext): KeyType =>
  caller.domainOptions.listing_key_type === 'vin' ? 'vin' : 'property_code';

export function linkAnswer(row: LinkWithVehicle): CsLinkAnswer {
  return {
    content_id: row.content_id,
    management_id: row.management_id,
    state: row.state,
    method: row.method,
    link_key: row.link_key,
    property_code: row.property_code,
    msg_id: row.msg_id,
    cancellable: canCancelLink(row.state),
    drift: row.drift,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The reads of the links: a vehicle's, every link of the caller, the log of events, the latest figures. */
export function linkReads(deps: { db: Db }) {
  const { db } = deps;

  async function joinedCaller(actor: Actor): Promise<CallerContext> {
    const caller = await loadCaller(db, actor);
    enforce(canUseListing(caller.permission));
    return caller;
  }

  return {
    async ofVehicle(actor: Actor, id: string): Promise<CsLinkAnswer> {
      const caller = await loadCaller(db, actor);
      const vehicle = await db.transaction().execute((trx) => lockVisible(trx, caller, id));
      const [row] = await listingRepo(db).linksOfVehicles([id]);
      if (row) return linkAnswer(row);
      return {
        content_id: id,
        management_id: vehicle.management_id,
        state: 'not_linked',
        method: null,
        link_key: String(vehicle[keyColumn(keyTypeOf(caller))] ?? ''),
        property_code: null,
        msg_id: null,
        cancellable: false,
        drift: null,
        updated_at: null,
      };
    },

    async all(actor: Actor, q: { page: number; limit: number }): Promise<CsAllAnswer> {
      const caller = await joinedCaller(actor);
      const { total, items } = await listingRepo(db).linksOf(caller.permission.id, q);
      return { total, items: items.map(linkAnswer) };
    },

    async log(actor: Actor, q: { page: number; limit: number }): Promise<CsLogAnswer> {
      const caller = await joinedCaller(actor);
      const { total, items } = await listingRepo(db).eventsOf(caller.permission.id, q);
      return {
        total,
        items: items.map((e) => ({
          at: e.at.toISOString(),
          content_id: e.content_id,
          management_id: e.management_id,
          kind: e.kind,
          state: e.state,
          msg_id: e.msg_id,
          property_code: e.property_code,
        })),
      };
    },

    /** The link statistics of the last 24 hours, and the links still to make. */
    async latest(actor: Actor): Promise<CsLatestAnswer> {
      const caller = await joinedCaller(actor);
      const repo = listingRepo(db);
      const since = new Date(Date.now() - 24 * 3600_000);
      const events = await repo.eventCounts(caller.permission.id, since);
      const counts = Object.fromEntries(LINK_STATISTICS.map((k) => [k, events[k] ?? 0])) as CsLatestAnswer['counts'];
      counts.remaining = await repo.openCount(caller.permission.id);
      return { since: since.toISOString(), counts };
    },
  };
}

export type LinkReads = ReturnType<typeof linkReads>;
