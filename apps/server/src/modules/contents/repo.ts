import { COUNTED_PUBLICATIONS, type PublicationState } from '@spinyard/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ContentProcessesTable, ContentsTable } from '../../db/schema.ts';

export type NewContent = Insertable<ContentsTable>;
export type ContentChange = Updateable<ContentsTable>;
export type ContentProcessRow = Selectable<ContentProcessesTable>;

/**
 * A vehicle as the answer and the permission check need it: its own columns, who owns and created it (names, the
 * owner's parent admin for the visibility rule, the owner's image-system settings for the contents style) and its
 * domain's options.
 */
export interface ContentRecord extends Selectable<ContentsTable> {
  owner_name: string;
  owner_parent_id: string | null;
  owner_image_system: unknown;
  creator_name: string;
  domain_options: unknown;
  /** The white-label flags of the vehicle's domain (a bike site's vehicles are bikes). */
  domain_host_flags: string[];
  /** The public address (publishing's row), null until one is made. */
  short_id: string | null;
  short_base_url: string | null;
}

/** A vehicle with what its answers and rules need: owner, creator, domain options, short link. */
const selectRecord = (db: Db) =>
  db
    .selectFrom('contents as c')
    .innerJoin('users as o', 'o.id', 'c.owner_user_id')
    .innerJoin('users as cr', 'cr.id', 'c.creator_user_id')
    .innerJoin('domains as d', 'd.id', 'c.domain_id')
    .leftJoin('publications as p', 'p.content_id', 'c.id')
    .selectAll('c')
    .select([
      'o.name as owner_name',
      'o.parent_user_id as owner_parent_id',
      'o.image_system as owner_image_system',
      'cr.name as creator_name',
      'd.options as domain_options',
      'd.host_flags as domain_host_flags',
      'p.short_id as short_id',
      'p.base_url as short_base_url',
    ]);

/** Vehicles that count against the limits (COUNTED_PUBLICATIONS): the owner's and the whole domain's. */
async function countedVehicles(db: Db, ownerId: string, domainId: string): Promise<{ user: number; domain: number }> {
  const row = await db
    .selectFrom('contents')
    .select([
      sql<number>`count(*) filter (where owner_user_id = ${ownerId})::int`.as('user'),
      sql<number>`count(*)::int`.as('domain'),
    ])
    .where('domain_id', '=', domainId)
    .where('publication', 'in', COUNTED_PUBLICATIONS)
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * SQL of the contents area: vehicles (`contents`), and reads of their background processes (`content_processes`,
 * written by modules/processes). Only the contents area writes `contents`; other areas go through its services
 * (service.ts: contentRecords).
 */
export function contentsRepo(db: Db) {
  return {
    /** One vehicle, whatever its state (the service decides what a caller may see). */
    async find(id: string): Promise<ContentRecord | undefined> {
      return selectRecord(db).where('c.id', '=', id).executeTakeFirst();
    },

    /**
     * The vehicles, locked for the rest of the transaction (id order, so two batches never deadlock), so a state
     * change or an edit decides on the state it changes.
     */
    async lock(ids: readonly string[]): Promise<ContentRecord[]> {
      if (ids.length === 0) return [];
      return selectRecord(db).where('c.id', 'in', ids).orderBy('c.id').forUpdate('c').execute();
    },

    async insert(values: NewContent): Promise<string> {
      const row = await db.insertInto('contents').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Many vehicles in one statement (test data, copies): their ids in order. */
    async insertMany(values: readonly NewContent[]): Promise<string[]> {
      if (values.length === 0) return [];
      const rows = await db.insertInto('contents').values(values).returning('id').execute();
      return rows.map((r) => r.id);
    },

    /** The listing link's coarse state (the listing module's transitions): not an edit, updated_at stays. */
    async setListingLink(ids: readonly string[], state: ContentRecord['listing_link']): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('contents').set({ listing_link: state }).where('id', 'in', ids).execute();
    },

    async update(id: string, values: ContentChange): Promise<void> {
      await db
        .updateTable('contents')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** A publication state change, with when it slept or was deleted (cleared when it comes back). */
    /** The vehicles an owner still has (not deleted): billing removes them after a contract's end. */
    async undeletedIdsOfOwner(ownerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('contents')
        .select('id')
        .where('owner_user_id', '=', ownerId)
        .where('publication', 'not in', ['deleted', 'permanently_deleted'])
        .execute();
      return rows.map((r) => r.id);
    },

    async setPublication(ids: readonly string[], to: PublicationState): Promise<void> {
      if (ids.length === 0) return;
      const values: ContentChange = { publication: to };
      if (to === 'sleeping') values.slept_at = new Date();
      if (to === 'deleted') values.deleted_at = new Date();
      if (to === 'unpublished' || to === 'published' || to === 'limited_public') {
        values.slept_at = null;
        values.deleted_at = null;
      }
      await db
        .updateTable('contents')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', 'in', ids)
        .execute();
    },

    /** Whether a live vehicle of the domain (not deleted for good) already uses the management ID. */
    async managementIdTaken(domainId: string, managementId: string, exceptId?: string): Promise<boolean> {
      let q = db
        .selectFrom('contents')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('management_id', '=', managementId)
        .where('publication', '<>', 'permanently_deleted');
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    countedVehicles: (ownerId: string, domainId: string) => countedVehicles(db, ownerId, domainId),

    /**
     * What the limits of a vehicle's owner are computed from: their car limit, their domain's options, and the
     * counted vehicles. Serialised per domain for the rest of the transaction (an advisory lock), so two additions
     * at once cannot both take the last place.
     */
    async limitFacts(ownerId: string) {
      const owner = await db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .select(['u.car_limit', 'u.domain_id', 'd.options as domain_options'])
        .where('u.id', '=', ownerId)
        .executeTakeFirstOrThrow();
      await sql`select pg_advisory_xact_lock(hashtext('contents-limit'), (${owner.domain_id}::bigint % 2147483647)::int)`.execute(
        db,
      );
      return { ...owner, counts: await countedVehicles(db, ownerId, owner.domain_id) };
    },

    /** The processes still queued or running on these vehicles, oldest first: what an answer shows. */
    async runningProcesses(contentIds: readonly string[]): Promise<ContentProcessRow[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('content_processes')
        .selectAll()
        .where('content_id', 'in', contentIds)
        .where('status', 'in', ['queued', 'running'])
        .orderBy('started_at')
        .orderBy('id')
        .execute();
    },

    /** Processes cascade with their vehicle. */
    /** Vehicles deleted for good that still have media rows, for the media purge (vehicle-media/purge.ts). */
    async permanentlyDeletedWithMedia(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('contents as c')
        .select('c.id')
        .where('c.publication', '=', 'permanently_deleted')
        .where((eb) =>
          eb.or(
            (
              ['exterior_groups', 'interior_scenes', 'slider_items', 'original_movies', 'rider_view_images'] as const
            ).map((table) =>
              eb.exists(eb.selectFrom(table).select(sql.lit(1).as('one')).whereRef('content_id', '=', 'c.id')),
            ),
          ),
        )
        .orderBy('c.id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Vehicle ids after `after` (from the first when null), in id order: a walk over every vehicle in batches. */
    async idsAfter(after: string | null, limit: number): Promise<string[]> {
      let query = db.selectFrom('contents').select('id').orderBy('id').limit(limit);
      if (after !== null) query = query.where('id', '>', after);
      return (await query.execute()).map((r) => r.id);
    },

    async deleteOfDomain(domainId: string): Promise<void> {
      await db.deleteFrom('contents').where('domain_id', '=', domainId).execute();
    },
  };
}
export type ContentsRepo = ReturnType<typeof contentsRepo>;
