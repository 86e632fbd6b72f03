import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ExteriorFramesTable, ExteriorGroupsTable, ExteriorSettingsTable, StoredImage } from '../../db/schema.ts';
import { partOfVehicle, partsOfVehicle } from '../vehicle-parts-repo.ts';

export type ExteriorGroupRow = Selectable<ExteriorGroupsTable>;
export type ExteriorFrameRow = Selectable<ExteriorFramesTable>;
export type ExteriorSettingsRow = Selectable<ExteriorSettingsTable>;

/**
 * SQL of the exterior's rows (`exterior_groups`), frames (`exterior_frames`) and settings (`exterior_settings`).
 * Other areas read the exterior through its service; the blur's writes of `edited` live in blur-repo.ts.
 *
 * Row numbers (`group_order`, 1..n) and frame places (`frame_order`, 0..n-1) are unique per vehicle and per row
 * with constraints deferred to the commit, so a renumbering may pass through duplicates inside its transaction.
 */
export function exteriorRepo(db: Db) {
  return { ...exteriorRowReads(db), ...exteriorRowWrites(db), ...exteriorSettingsAndCopies(db) };
}

/** The exterior as stored: rows, frames and settings. */
export function exteriorRowReads(db: Db) {
  return {
    async groups(contentId: string): Promise<ExteriorGroupRow[]> {
      return partsOfVehicle(db, 'exterior_groups', contentId, ['group_order']);
    },

    /** A row of this vehicle (undefined for another vehicle's row: ids are never trusted alone). */
    async group(contentId: string, groupId: string): Promise<ExteriorGroupRow | undefined> {
      return partOfVehicle(db, 'exterior_groups', contentId, groupId);
    },

    /** Every frame of the vehicle, row by row, in order. */
    async frames(contentId: string): Promise<ExteriorFrameRow[]> {
      return db
        .selectFrom('exterior_frames as f')
        .innerJoin('exterior_groups as g', 'g.id', 'f.group_id')
        .selectAll('f')
        .where('f.content_id', '=', contentId)
        .orderBy('g.group_order')
        .orderBy('f.frame_order')
        .execute();
    },

    /** The frames of one row, in order. */
    async framesOf(groupId: string): Promise<ExteriorFrameRow[]> {
      return db
        .selectFrom('exterior_frames')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('frame_order')
        .execute();
    },

    /** A frame of this vehicle (undefined for another vehicle's frame). */
    async frame(contentId: string, frameId: string): Promise<ExteriorFrameRow | undefined> {
      return partOfVehicle(db, 'exterior_frames', contentId, frameId);
    },
  };
}

/** Writes of the rows and frames: a pipeline's row, renumbering, deletes, a frame's edit. */
export function exteriorRowWrites(db: Db) {
  return {
    /**
     * Makes row `groupOrder` of the vehicle from `frames` (in order), replacing the row of that number if there is
     * one (its frames go with it). Call in a transaction: the row is whole or absent.
     */
    async replaceGroup(
      contentId: string,
      groupOrder: number,
      frames: readonly StoredImage[],
      loop: Record<string, unknown> | null,
    ): Promise<ExteriorGroupRow> {
      await db
        .deleteFrom('exterior_groups')
        .where('content_id', '=', contentId)
        .where('group_order', '=', groupOrder)
        .execute();
      const group = await db
        .insertInto('exterior_groups')
        .values({
          content_id: contentId,
          group_order: groupOrder,
          frame_count: frames.length,
          loop: loop === null ? null : JSON.stringify(loop),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (frames.length > 0) {
        await db
          .insertInto('exterior_frames')
          .values(
            frames.map((image, i) => ({
              content_id: contentId,
              group_id: group.id,
              frame_order: i,
              original: JSON.stringify(image),
            })),
          )
          .execute();
      }
      return group;
    },

    /**
     * Locks the vehicle's rows for the rest of the transaction, so a job's change of the exterior and another
     * writer's (a pipeline replacing a row) happen one after the other.
     */
    async lockRows(contentId: string): Promise<void> {
      await db.selectFrom('exterior_groups').select('id').where('content_id', '=', contentId).forUpdate().execute();
    },

    /** Marks a row as made but not yet part of the spin (or part of it again). */
    async setTemp(groupId: string, isTemp: boolean): Promise<void> {
      await db.updateTable('exterior_groups').set({ is_temp: isTemp }).where('id', '=', groupId).execute();
    },

    /** Gives the row's frames the places of `frameIds` (0..n-1); `frameIds` is every frame of the row, once each. */
    async reorderFrames(groupId: string, frameIds: readonly string[]): Promise<void> {
      if (frameIds.length === 0) return;
      await sql`
        UPDATE exterior_frames AS f
        SET frame_order = v.ord - 1, updated_at = now()
        FROM unnest(${sql.val(frameIds)}::bigint[]) WITH ORDINALITY AS v(id, ord)
        WHERE f.id = v.id AND f.group_id = ${groupId}`.execute(db);
    },

    /** Renumbers the row's frames 0..n-1 in their current order and sets its frame count. */
    async renumberFrames(groupId: string): Promise<number> {
      await sql`
        UPDATE exterior_frames AS f
        SET frame_order = v.place
        FROM (SELECT id, (row_number() OVER (ORDER BY frame_order, id) - 1)::int AS place
              FROM exterior_frames WHERE group_id = ${groupId}) AS v
        WHERE f.id = v.id AND f.frame_order <> v.place`.execute(db);
      const row = await db
        .selectFrom('exterior_frames')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      const count = Number(row.n);
      await db.updateTable('exterior_groups').set({ frame_count: count }).where('id', '=', groupId).execute();
      return count;
    },

    /** Renumbers the vehicle's rows 1..n in their current order (after a row is gone). */
    async renumberGroups(contentId: string): Promise<void> {
      await sql`
        UPDATE exterior_groups AS g
        SET group_order = v.place
        FROM (SELECT id, row_number() OVER (ORDER BY group_order, id)::int AS place
              FROM exterior_groups WHERE content_id = ${contentId}) AS v
        WHERE g.id = v.id AND g.group_order <> v.place`.execute(db);
    },

    /** Deletes rows (their frames go with them). */
    async deleteGroups(groupIds: readonly string[]): Promise<void> {
      if (groupIds.length === 0) return;
      await db.deleteFrom('exterior_groups').where('id', 'in', groupIds).execute();
    },

    async deleteFrames(frameIds: readonly string[]): Promise<void> {
      if (frameIds.length === 0) return;
      await db.deleteFrom('exterior_frames').where('id', 'in', frameIds).execute();
    },

    /** The whole exterior of the vehicle: rows, frames and settings. */
    async deleteAll(contentId: string): Promise<void> {
      await db.deleteFrom('exterior_groups').where('content_id', '=', contentId).execute();
      await db.deleteFrom('exterior_settings').where('content_id', '=', contentId).execute();
    },

    /** Shows `image` instead of the extracted frame (a replacement), or the extracted frame again (null, any edit). */
    async setEdited(frameId: string, edited: { image: StoredImage; kind: 'replace' } | null): Promise<void> {
      await db
        .updateTable('exterior_frames')
        .set({
          edited: edited === null ? null : JSON.stringify(edited.image),
          edit_kind: edited === null ? null : edited.kind,
          updated_at: sql`now()`,
        })
        .where('id', '=', frameId)
        .execute();
    },
  };
}

/** The exterior settings (initial angle and row), and the rows and settings a vehicle copy writes. */
export function exteriorSettingsAndCopies(db: Db) {
  return {
    /** A row of a copied vehicle, frames and their edits as they are (copy.ts has moved their keys). */
    async insertCopy(
      contentId: string,
      group: Pick<ExteriorGroupRow, 'group_order' | 'frame_count' | 'is_temp' | 'loop'>,
      frames: readonly Pick<ExteriorFrameRow, 'frame_order' | 'original' | 'edited' | 'edit_kind'>[],
    ): Promise<void> {
      const row = await db
        .insertInto('exterior_groups')
        .values({
          content_id: contentId,
          group_order: group.group_order,
          frame_count: group.frame_count,
          is_temp: group.is_temp,
          loop: group.loop === null ? null : JSON.stringify(group.loop),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (frames.length === 0) return;
      await db
        .insertInto('exterior_frames')
        .values(
          frames.map((f) => ({
            content_id: contentId,
            group_id: row.id,
            frame_order: f.frame_order,
            original: JSON.stringify(f.original),
            edited: f.edited === null ? null : JSON.stringify(f.edited),
            edit_kind: f.edit_kind,
          })),
        )
        .execute();
    },

    /** A copied vehicle's settings: initial angle and row, and the blur editor's regions. */
    async copySettings(contentId: string, from: ExteriorSettingsRow): Promise<void> {
      await db
        .insertInto('exterior_settings')
        .values({
          content_id: contentId,
          initial_angle: from.initial_angle,
          initial_row: from.initial_row,
          blur: from.blur === null ? null : JSON.stringify(from.blur),
        })
        .onConflict((oc) => oc.column('content_id').doNothing())
        .execute();
    },

    async settings(contentId: string): Promise<ExteriorSettingsRow | undefined> {
      return db.selectFrom('exterior_settings').selectAll().where('content_id', '=', contentId).executeTakeFirst();
    },

    async saveSettings(contentId: string, values: { initial_angle?: string; initial_row?: number }): Promise<void> {
      await db
        .insertInto('exterior_settings')
        .values({ content_id: contentId, ...values })
        .onConflict((oc) => oc.column('content_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    },
  };
}
