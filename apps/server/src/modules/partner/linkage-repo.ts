import type { LinkState } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { onPage } from '../sql.ts';
import { paged, type ReadFilter } from './reads-repo.ts';

/** What the linkage report reads of each vehicle's link events: its last failure and its last unlink. */
export interface LinkHistory {
  content_id: string;
  error_code: string | null;
  error_state: LinkState | null;
  error_at: Date | null;
  unlinked_at: Date | null;
}

/**
 * The linkage report's reads of one domain (tables of the contents and listing areas, read only): every vehicle
 * marked linked or with a listing link record (an unlinked one keeps its record), changed in the month when one is
 * asked (the later of the vehicle's and the link's change), in id order.
 */
export function linkageRepo(db: Db) {
  const selection = (f: ReadFilter) => {
    let q = db
      .selectFrom('contents as c')
      .leftJoin('listing_links as l', 'l.content_id', 'c.id')
      .where('c.domain_id', '=', f.domainId)
      .where('c.publication', '<>', 'permanently_deleted')
      .where((eb) => eb.or([eb('c.listing_link', '<>', 'none'), eb('l.content_id', 'is not', null)]));
    const changed = sql<Date>`greatest(c.updated_at, l.updated_at)`;
    if (f.range) q = q.where(changed, '>=', f.range.start).where(changed, '<', f.range.end);
    return q;
  };
  const rows = (f: ReadFilter) =>
    selection(f)
      .select(['c.id', 'c.management_id', 'c.listing_id', 'c.chassis_number', 'c.listing_link'])
      .select(['l.state as link_state', 'l.method as link_method', 'l.link_key', 'l.property_code', 'l.linked_at'])
      .select(sql<Date>`greatest(c.updated_at, l.updated_at)`.as('updated_at'))
      .orderBy('c.id');

  return {
    /** A page with the count of the whole selection and its count per coarse link state. */
    async page(f: ReadFilter) {
      const [page, counts] = await Promise.all([
        paged(rows(f), f),
        selection(f)
          .select(['c.listing_link', sql<number>`count(*)::int`.as('n')])
          .groupBy('c.listing_link')
          .execute(),
      ]);
      return { ...page, counts };
    },

    /** A page without counts: the CSV reads the whole selection so. */
    rows: (f: ReadFilter) => onPage(rows(f), f).execute(),

    /** Each vehicle's last failure (the partner's code, the error state, when) and last unlink or deletion. */
    async histories(contentIds: readonly string[]): Promise<LinkHistory[]> {
      if (contentIds.length === 0) return [];
      const { rows: found } = await sql<LinkHistory>`
        select content_id::text as content_id,
          (array_agg(msg_id order by at desc, id desc) filter (where kind = 'failed'))[1] as error_code,
          (array_agg(state order by at desc, id desc) filter (where kind = 'failed'))[1] as error_state,
          max(at) filter (where kind = 'failed') as error_at,
          max(at) filter (where kind in ('unpublished', 'deleted')) as unlinked_at
        from listing_events
        where content_id = any(${[...contentIds]}::bigint[])
        group by content_id`.execute(db);
      return found;
    },
  };
}
