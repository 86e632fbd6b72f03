import type { LinkMethod, LinkState } from '@spinyard/domain';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListingLinksTable } from '../../db/schema-listing.ts';
import type { KeyType } from './link-vehicles-repo.ts';

/** Link requests (`listing_links`): a row made or asked again, its seq one more, so the new request runs its job. */
export function linkRequestsRepo(db: Db) {
  return {
    /** A link request: the row made or moved to `state`, its seq one more (a new request runs its own job). */
    async request(input: {
      contentId: string;
      domainId: string;
      userId: string;
      method: LinkMethod;
      state: LinkState;
      key: string;
      keyType: KeyType;
    }): Promise<LinkRequestRow> {
      const values = {
        user_id: input.userId,
        method: input.method,
        state: input.state,
        link_key: input.key,
        key_type: input.keyType,
        msg_id: null,
        drift: null,
      };
      return db
        .insertInto('listing_links')
        .values({ content_id: input.contentId, domain_id: input.domainId, ...values })
        .onConflict((oc) =>
          oc.column('content_id').doUpdateSet({ ...values, seq: sql`listing_links.seq + 1`, updated_at: sql`now()` }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * Many automatic requests in one statement (the automatic link of a whole stock), each seq one more. A vehicle
     * whose link moved on since it was found (another run of the automatic link, a manual link) is left alone and
     * not answered, so two runs at once queue it once.
     */
    async requestMany(
      rows: readonly { contentId: string; domainId: string; key: string }[],
      common: { userId: string; keyType: KeyType },
    ): Promise<{ content_id: string; seq: number }[]> {
      if (rows.length === 0) return [];
      const shared = {
        user_id: common.userId,
        method: 'automatic',
        state: 'waiting',
        key_type: common.keyType,
      } as const;
      return db
        .insertInto('listing_links')
        .values(rows.map((r) => ({ ...shared, content_id: r.contentId, domain_id: r.domainId, link_key: r.key })))
        .onConflict((oc) =>
          oc
            .column('content_id')
            .doUpdateSet((eb) => ({
              ...shared,
              link_key: eb.ref('excluded.link_key'),
              msg_id: null,
              drift: null,
              seq: sql`listing_links.seq + 1`,
              updated_at: sql`now()`,
            }))
            .where('listing_links.state', '=', 'not_linked'),
        )
        .returning(['content_id', 'seq'])
        .execute();
    },
  };
}

export type LinkRequestRow = Selectable<ListingLinksTable>;
