import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InteriorScenesTable, StoredImage } from '../../db/schema.ts';
import { partOfVehicle, partsOfVehicle } from '../vehicle-parts-repo.ts';

export type InteriorSceneRow = Selectable<InteriorScenesTable>;

/**
 * SQL of the interior's scenes (`interior_scenes`); no other area writes them. Places (`scene_order`) run 1..n per
 * vehicle and are renumbered after a delete; the vehicle's row lock (lockForMedia) serialises every change of one
 * vehicle's scenes, so two uploads never take the same place.
 */
export function interiorRepo(db: Db) {
  return { ...interiorSceneReads(db), ...interiorSceneWrites(db) };
}

/** The scenes as stored, and the locks a change takes first. */
export function interiorSceneReads(db: Db) {
  return {
    async scenes(contentId: string): Promise<InteriorSceneRow[]> {
      return partsOfVehicle(db, 'interior_scenes', contentId, ['scene_order', 'id']);
    },

    /** A scene of this vehicle (undefined for another vehicle's scene: ids are never trusted alone). */
    async scene(contentId: string, sceneId: string): Promise<InteriorSceneRow | undefined> {
      return partOfVehicle(db, 'interior_scenes', contentId, sceneId);
    },

    /** The same, locked until the transaction ends (a job writing its result while a delete may run). */
    async lockScene(contentId: string, sceneId: string): Promise<InteriorSceneRow | undefined> {
      return db
        .selectFrom('interior_scenes')
        .selectAll()
        .where('content_id', '=', contentId)
        .where('id', '=', sceneId)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Serialises the changes of one vehicle's panorama files until the transaction ends (a transaction-scoped
     * advisory lock): an upload storing its files and inserting its scene, a delete removing files no scene uses.
     */
    async lockFiles(contentId: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`interior:${contentId}`}, 0))`.execute(db);
    },

    async count(contentId: string): Promise<number> {
      const row = await db
        .selectFrom('interior_scenes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('content_id', '=', contentId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** The writes of the scenes: a copy, an upload, an edit, the order, a delete. */
export function interiorSceneWrites(db: Db) {
  return {
    /** A scene of a copied vehicle as it is (copy.ts has moved its keys). */
    async insertCopy(
      contentId: string,
      scene: Pick<
        InteriorSceneRow,
        'scene_order' | 'title' | 'original' | 'current' | 'enhance' | 'white_balance' | 'initial_view' | 'zoom_points'
      >,
    ): Promise<void> {
      const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
      await db
        .insertInto('interior_scenes')
        .values({
          content_id: contentId,
          scene_order: scene.scene_order,
          title: scene.title,
          original: JSON.stringify(scene.original),
          current: json(scene.current),
          enhance: json(scene.enhance),
          white_balance: json(scene.white_balance),
          initial_view: JSON.stringify(scene.initial_view),
          zoom_points: JSON.stringify(scene.zoom_points),
        })
        .execute();
    },

    /** Every scene of the vehicle (its purge after a permanent delete). */
    async deleteAllOf(contentId: string): Promise<void> {
      await db.deleteFrom('interior_scenes').where('content_id', '=', contentId).execute();
    },

    /** A new scene at the end. */
    async insert(values: { contentId: string; title: string; original: StoredImage }): Promise<InteriorSceneRow> {
      const last = await db
        .selectFrom('interior_scenes')
        .select((eb) => eb.fn.max('scene_order').as('last'))
        .where('content_id', '=', values.contentId)
        .executeTakeFirst();
      return db
        .insertInto('interior_scenes')
        .values({
          content_id: values.contentId,
          scene_order: Number(last?.last ?? 0) + 1,
          title: values.title,
          original: JSON.stringify(values.original),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      sceneId: string,
      values: {
        title?: string | undefined;
        initial_view?: InteriorSceneRow['initial_view'] | undefined;
        zoom_points?: unknown[] | undefined;
      },
    ): Promise<void> {
      await db
        .updateTable('interior_scenes')
        .set({
          ...(values.title !== undefined ? { title: values.title } : {}),
          ...(values.initial_view !== undefined ? { initial_view: JSON.stringify(values.initial_view) } : {}),
          ...(values.zoom_points !== undefined ? { zoom_points: JSON.stringify(values.zoom_points) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', sceneId)
        .execute();
    },

    /** The edited picture and the settings that made it (null, null, null: back to the original). */
    async setCurrent(
      sceneId: string,
      values: {
        current: StoredImage | null;
        enhance: Record<string, unknown> | null;
        white_balance: Record<string, unknown> | null;
      },
    ): Promise<void> {
      await db
        .updateTable('interior_scenes')
        .set({
          current: values.current === null ? null : JSON.stringify(values.current),
          enhance: values.enhance === null ? null : JSON.stringify(values.enhance),
          white_balance: values.white_balance === null ? null : JSON.stringify(values.white_balance),
          updated_at: new Date(),
        })
        .where('id', '=', sceneId)
        .execute();
    },

    /** Places 1..n in the order given (every scene of the vehicle, checked by the caller). */
    async reorder(contentId: string, sceneIds: readonly string[]): Promise<void> {
      for (const [index, id] of sceneIds.entries()) {
        await db
          .updateTable('interior_scenes')
          .set({ scene_order: index + 1 })
          .where('content_id', '=', contentId)
          .where('id', '=', id)
          .execute();
      }
    },

    /** Deletes a scene and closes the gap it leaves. */
    async delete(contentId: string, sceneId: string): Promise<void> {
      await db.deleteFrom('interior_scenes').where('content_id', '=', contentId).where('id', '=', sceneId).execute();
      const rest = await db
        .selectFrom('interior_scenes')
        .select('id')
        .where('content_id', '=', contentId)
        .orderBy('scene_order')
        .orderBy('id')
        .execute();
      for (const [index, row] of rest.entries()) {
        await db
          .updateTable('interior_scenes')
          .set({ scene_order: index + 1 })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
export type InteriorRepo = ReturnType<typeof interiorRepo>;
