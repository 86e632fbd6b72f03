import type { LinkState } from '@spinyard/domain';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListingLinksTable } from '../../db/schema-listing.ts';
import { pageWithTotal } from '../sql.ts';
import { accountsRepo } from './accounts-repo.ts';
import { linkEventsRepo, totalOfAll } from './events-repo.ts';
import { linkVehiclesRepo } from './link-vehicles-repo.ts';
import { linkRequestsRepo } from './requests-repo.ts';

export type { AccountRow } from './accounts-repo.ts';
export { type KeyType, keyColumn, type LinkVehicle } from './link-vehicles-repo.ts';

/**
 * SQL of the listing link: the dealers' partner accounts, one link row per vehicle, the link events
 * (`listing_accounts`, `listing_links`, `listing_events`, written only here), and the reads of vehicles a link needs.
 */

export type LinkRow = Selectable<ListingLinksTable>;

/** The states a link job still has to work on. */
export const OPEN_STATES: readonly LinkState[] = ['waiting', 'linking'];

export function listingRepo(db: Db) {
  return {
    ...accountsRepo(db),
    ...linkVehiclesRepo(db),
    ...linkEventsRepo(db),
    ...linkRequestsRepo(db),
    /** Links that failed outside the partner's hours (2998): the reconcile asks again. */
    outsideHoursFailures(): Promise<LinkRow[]> {
      return db
        .selectFrom('listing_links')
        .selectAll()
        .where('state', '=', 'error_default')
        .where('msg_id', '=', '2998')
        .execute();
    },

    link(contentId: string): Promise<LinkRow | undefined> {
      return db.selectFrom('listing_links').selectAll().where('content_id', '=', contentId).executeTakeFirst();
    },

    lockLinks(contentIds: readonly string[]): Promise<LinkRow[]> {
      if (contentIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('listing_links').selectAll().where('content_id', 'in', contentIds).forUpdate().execute();
    },

    /** Moves the link of this request (`seq`) only: a newer request or a finished job leaves it alone. */
    async move(
      contentId: string,
      seq: number,
      values: { state: LinkState; property_code?: string | null; msg_id?: string | null; drift?: string | null },
    ): Promise<boolean> {
      const linkedAt = values.state === 'linked' ? { linked_at: new Date() } : {};
      const result = await db
        .updateTable('listing_links')
        .set({ ...values, ...linkedAt, updated_at: sql`now()` })
        .where('content_id', '=', contentId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Links left open longer than `minutes` (their job lost): the reconcile gives each a new request. */
    staleOpenLinks(minutes: number): Promise<LinkRow[]> {
      return db
        .selectFrom('listing_links')
        .selectAll()
        .where('state', 'in', OPEN_STATES)
        .where('updated_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
        .execute();
    },

    async bumpSeq(contentId: string): Promise<number> {
      const row = await db
        .updateTable('listing_links')
        .set({ seq: sql`seq + 1`, updated_at: sql`now()` })
        .where('content_id', '=', contentId)
        .returning('seq')
        .executeTakeFirstOrThrow();
      return row.seq;
    },

    linkedByProperty(userId: string, propertyCodes: readonly string[]): Promise<LinkRow[]> {
      if (propertyCodes.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('listing_links')
        .selectAll()
        .where('user_id', '=', userId)
        .where('state', '=', 'linked')
        .where('property_code', 'in', propertyCodes)
        .execute();
    },

    /** One page of the user's rows, newest first, each carrying the count of all (`total`: 0 past the last page). */
    async linksOf(userId: string, at: { page: number; limit: number }) {
      const query = db
        .selectFrom('listing_links as l')
        .innerJoin('contents as c', 'c.id', 'l.content_id')
        .where('l.user_id', '=', userId)
        .selectAll('l')
        .select(['c.management_id', totalOfAll])
        .orderBy('l.updated_at', 'desc')
        .orderBy('l.content_id', 'desc');
      return pageWithTotal(query, at);
    },

    linksOfVehicles(contentIds: readonly string[]) {
      if (contentIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('listing_links as l')
        .innerJoin('contents as c', 'c.id', 'l.content_id')
        .selectAll('l')
        .select('c.management_id')
        .where('l.content_id', 'in', contentIds)
        .execute();
    },

    async openCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('listing_links')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('state', 'in', OPEN_STATES)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ListingRepo = ReturnType<typeof listingRepo>;
