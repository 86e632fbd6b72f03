import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HotspotsTable } from '../../db/schema-hotspots.ts';
import { hasRow } from '../sql.ts';
import { partOfVehicle } from '../vehicle-parts-repo.ts';

export type HotspotRow = Selectable<HotspotsTable>;
export type NewHotspot = Omit<Insertable<HotspotsTable>, 'id' | 'created_at' | 'updated_at'>;
export type HotspotChange = Omit<Updateable<HotspotsTable>, 'id' | 'content_id' | 'kind' | 'created_at'>;

/** SQL of the hotspots table, which only this area writes. Every query names the vehicle. */
export function hotspotsRepo(db: Db) {
  return {
    async list(contentId: string, kind?: 'exterior' | 'interior'): Promise<HotspotRow[]> {
      let query = db.selectFrom('hotspots').selectAll().where('content_id', '=', contentId);
      if (kind) query = query.where('kind', '=', kind);
      return query.orderBy('id').execute();
    },

    async get(contentId: string, hotspotId: string): Promise<HotspotRow | undefined> {
      return partOfVehicle(db, 'hotspots', contentId, hotspotId);
    },

    /** Hotspots placed by hand (automatic detection's are not counted against the domain's maximum). */
    async manualCount(contentId: string): Promise<number> {
      const row = await db
        .selectFrom('hotspots')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('content_id', '=', contentId)
        .where('type', '<>', 'auto_detect')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(values: NewHotspot): Promise<HotspotRow> {
      return db.insertInto('hotspots').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(contentId: string, hotspotId: string, change: HotspotChange): Promise<HotspotRow | undefined> {
      return db
        .updateTable('hotspots')
        .set({ ...change, updated_at: new Date() })
        .where('content_id', '=', contentId)
        .where('id', '=', hotspotId)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(contentId: string, hotspotId: string): Promise<HotspotRow | undefined> {
      return db
        .deleteFrom('hotspots')
        .where('content_id', '=', contentId)
        .where('id', '=', hotspotId)
        .returningAll()
        .executeTakeFirst();
    },

    // Reads of the rows and scenes a hotspot is placed on (the exterior and interior areas own and write them).

    /** The vehicle's exterior rows with their frame counts. */
    async rows(contentId: string): Promise<{ id: string; frame_count: number }[]> {
      return db
        .selectFrom('exterior_groups')
        .select(['id', 'frame_count'])
        .where('content_id', '=', contentId)
        .execute();
    },

    async row(contentId: string, groupId: string): Promise<{ id: string; frame_count: number } | undefined> {
      return db
        .selectFrom('exterior_groups')
        .select(['id', 'frame_count'])
        .where('content_id', '=', contentId)
        .where('id', '=', groupId)
        .executeTakeFirst();
    },

    async hasScene(contentId: string, sceneId: string): Promise<boolean> {
      return hasRow(
        db.selectFrom('interior_scenes').select('id').where('content_id', '=', contentId).where('id', '=', sceneId),
      );
    },

    /** The vehicle's rows, or its scenes, in their order (a copy's hotspots are placed by it). */
    async placeIds(contentId: string, of: 'rows' | 'scenes'): Promise<string[]> {
      const rows =
        of === 'rows'
          ? await db
              .selectFrom('exterior_groups')
              .select('id')
              .where('content_id', '=', contentId)
              .orderBy('group_order')
              .orderBy('id')
              .execute()
          : await db
              .selectFrom('interior_scenes')
              .select('id')
              .where('content_id', '=', contentId)
              .orderBy('scene_order')
              .orderBy('id')
              .execute();
      return rows.map((r) => r.id);
    },

    /** Automatic annotation's proposals of an area made accepted hotspots (the ids given, else all): the rows changed. */
    async acceptProposals(contentId: string, kind: 'exterior' | 'interior', ids: readonly string[] | null) {
      let query = db
        .updateTable('hotspots')
        .set({ proposed: false, updated_at: new Date() })
        .where('content_id', '=', contentId)
        .where('kind', '=', kind)
        .where('proposed', '=', true);
      if (ids) query = query.where('id', 'in', [...ids]);
      return query.returning('id').execute();
    },

    /** Proposals of an area deleted (the ids given, else all; on the rows given, else any): the rows deleted. */
    async deleteProposals(
      contentId: string,
      kind: 'exterior' | 'interior',
      ids: readonly string[] | null,
      groupIds?: readonly string[],
    ) {
      let query = db
        .deleteFrom('hotspots')
        .where('content_id', '=', contentId)
        .where('kind', '=', kind)
        .where('proposed', '=', true);
      if (ids) query = query.where('id', 'in', [...ids]);
      if (groupIds) query = query.where('group_id', 'in', [...groupIds]);
      return query.returningAll().execute();
    },

    async deleteAllOf(contentId: string): Promise<void> {
      await db.deleteFrom('hotspots').where('content_id', '=', contentId).execute();
    },
  };
}
