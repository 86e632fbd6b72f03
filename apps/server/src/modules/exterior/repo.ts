import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ExteriorFramesTable, ExteriorGroupsTable, ExteriorSettingsTable, StoredImage } from '../../db/schema.ts';

export type ExteriorGroupRow = Selectable<ExteriorGroupsTable>;
export type ExteriorFrameRow = Selectable<ExteriorFramesTable>;
export type ExteriorSettingsRow = Selectable<ExteriorSettingsTable>;

/**
 * SQL of the exterior's rows (`exterior_groups`), frames (`exterior_frames`) and settings (`exterior_settings`).
 * Other areas read the exterior through its service; the blur's writes of `edited` live in blur-repo.ts.
 */
export function exteriorRepo(db: Db) {
  return {
    async groups(contentId: string): Promise<ExteriorGroupRow[]> {
      return db
        .selectFrom('exterior_groups')
        .selectAll()
        .where('content_id', '=', contentId)
        .orderBy('group_order')
        .execute();
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
