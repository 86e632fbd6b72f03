import type { LinkEventKind, LinkState } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { pageWithTotal } from '../sql.ts';

/** `count(*) over ()` as `total`: each row of a page carries the count of all the query's rows (pageWithTotal). */
export const totalOfAll = sql<string>`count(*) over ()`.as('total');

/** The link events (`listing_events`): what the log and the statistics read. */
export function linkEventsRepo(db: Db) {
  return {
    async addEvent(event: {
      user_id: string;
      content_id: string | null;
      kind: LinkEventKind;
      state?: LinkState | null;
      msg_id?: string | null;
      property_code?: string | null;
    }): Promise<void> {
      await db.insertInto('listing_events').values(event).execute();
    },

    /** One page of the user's rows, newest first, each carrying the count of all (`total`: 0 past the last page). */
    async eventsOf(userId: string, at: { page: number; limit: number }) {
      const query = db
        .selectFrom('listing_events as e')
        .leftJoin('contents as c', 'c.id', 'e.content_id')
        .where('e.user_id', '=', userId)
        .selectAll('e')
        .select(['c.management_id', totalOfAll])
        .orderBy('e.at', 'desc')
        .orderBy('e.id', 'desc');
      return pageWithTotal(query, at);
    },

    async eventCounts(userId: string, since: Date): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('listing_events')
        .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
        .where('user_id', '=', userId)
        .where('at', '>=', since)
        .groupBy('kind')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },
  };
}
