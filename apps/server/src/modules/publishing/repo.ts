import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PublicationsTable } from '../../db/schema.ts';

export type PublicationRow = Selectable<PublicationsTable>;

/** SQL of the publishing area: `publications` (a vehicle's short id and current manifest). Only this area writes it. */
export function publicationsRepo(db: Db) {
  return {
    async find(contentId: string): Promise<PublicationRow | undefined> {
      return db.selectFrom('publications').selectAll().where('content_id', '=', contentId).executeTakeFirst();
    },

    async findByShortId(shortId: string): Promise<PublicationRow | undefined> {
      return db.selectFrom('publications').selectAll().where('short_id', '=', shortId).executeTakeFirst();
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
