import { type Selectable, sql } from 'kysely';
import { type Db, PREPARED } from '../../db/database.ts';
import type { PublicationsTable } from '../../db/schema.ts';

export type PublicationRow = Selectable<PublicationsTable>;

/** What a buyer's request is checked and served by (viewer-service.ts), nothing more: one query per request. */
export type ViewerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof publicationsRepo>['viewerRow']>>>;

/** SQL of the publishing area: `publications` (a vehicle's short id and current manifest). Only this area writes it. */
export function publicationsRepo(db: Db) {
  return {
    async find(contentId: string): Promise<PublicationRow | undefined> {
      return db.selectFrom('publications').selectAll().where('content_id', '=', contentId).executeTakeFirst();
    },

    async findByShortId(shortId: string): Promise<PublicationRow | undefined> {
      return db.selectFrom('publications').selectAll().where('short_id', '=', shortId).executeTakeFirst();
    },

    /**
     * A short id's publication with its vehicle's state, password and domain, that domain's saved design (null
     * columns when it never saved one), and the domain a tenant's host belongs to (`tenantHost`, lower case; null
     * asks nothing): what the viewer's checks read, in one round trip, not the whole vehicle record. Asked at every
     * buyer's page, so a prepared statement (planned once per connection, in its two forms: with and without a host).
     */
    async viewerRow(shortId: string, tenantHost: string | null) {
      return db
        .selectFrom('publications as p')
        .innerJoin('contents as c', 'c.id', 'p.content_id')
        .leftJoin('custom_designs as ds', 'ds.domain_id', 'c.domain_id')
        .select(['p.content_id', 'p.short_id', 'p.token_secret', 'p.manifest_key', 'p.manifest_sha256'])
        .select(['c.publication', 'c.limited_password', 'c.domain_id'])
        .select(['ds.colours as design_colours', 'ds.icons as design_icons'])
        .select((eb) =>
          tenantHost === null
            ? sql<string | null>`null::text`.as('bound_domain_id')
            : eb
                .selectFrom('domains')
                .select('domains.id')
                .where(sql<string>`lower(domains.host)`, '=', tenantHost)
                .limit(1)
                .as('bound_domain_id'),
        )
        .where('p.short_id', '=', shortId)
        .modifyEnd(PREPARED)
        .executeTakeFirst();
    },

    /** The row of a vehicle's first public address; false when the short id is taken (the caller draws again). */
    async insert(values: {
      content_id: string;
      short_id: string;
      base_url: string;
      token_secret: string;
    }): Promise<boolean> {
      const rows = await db
        .insertInto('publications')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returning('content_id')
        .execute();
      return rows.length > 0;
    },

    /** Points the vehicle at a new manifest, keeping the one before for viewers that loaded it a moment ago. */
    async setManifest(
      contentId: string,
      values: {
        key: string;
        sha256: string;
        keys: readonly string[];
        previous: { key: string | null; keys: readonly string[] };
        builtBy: string | null;
        builtAt: Date;
      },
    ): Promise<void> {
      await db
        .updateTable('publications')
        .set({
          manifest_key: values.key,
          manifest_sha256: values.sha256,
          manifest_keys: JSON.stringify(values.keys),
          previous_manifest_key: values.previous.key,
          previous_manifest_keys: JSON.stringify(values.previous.keys),
          built_at: values.builtAt,
          built_by_user_id: values.builtBy,
        })
        .where('content_id', '=', contentId)
        .execute();
    },

    /** Every published file the current and the previous manifest name (kept by the sweep and the prune). */
    async keptKeys(contentId: string): Promise<Set<string>> {
      const row = await db
        .selectFrom('publications')
        .select(['manifest_keys', 'previous_manifest_keys'])
        .where('content_id', '=', contentId)
        .executeTakeFirst();
      return new Set(row ? [...row.manifest_keys, ...row.previous_manifest_keys] : []);
    },

    /** Vehicles whose current manifest is still in the folder of builds before keyed names (rekey.ts). */
    async legacyNamed(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('publications')
        .select('content_id')
        .where('manifest_key', '~', '^contents/[0-9]+/published/[^/]+$')
        .orderBy('content_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.content_id);
    },

    async deleteOf(contentId: string): Promise<void> {
      await db.deleteFrom('publications').where('content_id', '=', contentId).execute();
    },
  };
}
