import { type BlurSettingsAnswer, type BlurTarget, blurSettingsAnswer } from '@spinyard/domain';
import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { ContentProcessesTable, ExteriorFramesTable, ExteriorGroupsTable, StoredImage } from '../../db/schema.ts';

/**
 * SQL of the blur (blur-*.ts): the only writer of a frame's `edited` image when it is a blur (`edit_kind` 'blur')
 * and of the editor's saved settings (`exterior_settings.blur`). A replaced frame (`edit_kind` 'replace') is never
 * touched here: every write below is guarded by the frame's edit kind, so a replacement made meanwhile survives.
 */

export type BlurGroupRow = Pick<Selectable<ExteriorGroupsTable>, 'id' | 'group_order' | 'frame_count' | 'is_temp'>;
export type BlurFrameRow = Pick<
  Selectable<ExteriorFramesTable>,
  'id' | 'group_id' | 'frame_order' | 'original' | 'edited' | 'edit_kind'
>;

/** One row's settings as saved (the apply body without its row id, and when it was saved): the answer's shape. */
export const savedBlurSettings = blurSettingsAnswer;
export type SavedBlurSettings = BlurSettingsAnswer;

/** `exterior_settings.blur`: the settings by row id. */
const storedBlur = z.object({ rows: z.record(z.string(), z.unknown()) });

/** The saved settings by row id; a row whose JSON no longer reads (an older shape) is left out. */
function readStored(value: unknown): Map<string, SavedBlurSettings> {
  const out = new Map<string, SavedBlurSettings>();
  const parsed = storedBlur.safeParse(value);
  if (!parsed.success) return out;
  for (const [groupId, settings] of Object.entries(parsed.data.rows)) {
    const row = savedBlurSettings.safeParse(settings);
    if (row.success) out.set(groupId, row.data);
  }
  return out;
}

export function blurRepo(db: Db) {
  return {
    async groups(contentId: string): Promise<BlurGroupRow[]> {
      return db
        .selectFrom('exterior_groups')
        .select(['id', 'group_order', 'frame_count', 'is_temp'])
        .where('content_id', '=', contentId)
        .orderBy('group_order')
        .execute();
    },

    async group(contentId: string, groupId: string): Promise<BlurGroupRow | undefined> {
      return db
        .selectFrom('exterior_groups')
        .select(['id', 'group_order', 'frame_count', 'is_temp'])
        .where('content_id', '=', contentId)
        .where('id', '=', groupId)
        .executeTakeFirst();
    },

    /** The frames of one row of the vehicle (or of all its rows), in order. */
    async frames(contentId: string, groupId?: string): Promise<BlurFrameRow[]> {
      let query = db
        .selectFrom('exterior_frames')
        .select(['id', 'group_id', 'frame_order', 'original', 'edited', 'edit_kind'])
        .where('content_id', '=', contentId);
      if (groupId !== undefined) query = query.where('group_id', '=', groupId);
      return query.orderBy('group_id').orderBy('frame_order').execute();
    },

    /** The editor's saved settings of the vehicle's rows, by row id. */
    async settings(contentId: string): Promise<Map<string, SavedBlurSettings>> {
      const row = await db
        .selectFrom('exterior_settings')
        .select('blur')
        .where('content_id', '=', contentId)
        .executeTakeFirst();
      return readStored(row?.blur ?? null);
    },

    /**
     * Saves one row's settings beside the others' (rows no longer in `liveGroupIds` are dropped). Call in the
     * transaction that holds the vehicle's lock (lockForMedia), so two saves cannot interleave.
     */
    async saveSettings(
      contentId: string,
      groupId: string,
      settings: SavedBlurSettings,
      liveGroupIds: readonly string[],
    ): Promise<void> {
      const current = await this.settings(contentId);
      const rows: Record<string, SavedBlurSettings> = {};
      for (const [id, saved] of current) if (liveGroupIds.includes(id)) rows[id] = saved;
      rows[groupId] = settings;
      const blur = JSON.stringify({ rows });
      await db
        .insertInto('exterior_settings')
        .values({ content_id: contentId, blur })
        .onConflict((oc) => oc.column('content_id').doUpdateSet({ blur, updated_at: sql`now()` }))
        .execute();
    },

    /** Shows `image` as the frame's blur, unless the frame has been replaced meanwhile. Answers whether it did. */
    async setBlurred(frameId: string, image: StoredImage): Promise<boolean> {
      const result = await db
        .updateTable('exterior_frames')
        .set({ edited: JSON.stringify(image), edit_kind: 'blur', updated_at: sql`now()` })
        .where('id', '=', frameId)
        .where((eb) => eb.or([eb('edit_kind', 'is', null), eb('edit_kind', '=', 'blur')]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Shows the originals again on the given frames of the row that are blurred (all of them when absent). */
    async clearBlur(groupId: string, frameIds?: readonly string[]): Promise<StoredImage[]> {
      if (frameIds?.length === 0) return [];
      let query = db
        .updateTable('exterior_frames as f')
        .set({ edited: null, edit_kind: null, updated_at: sql`now()` })
        .from('exterior_frames as before')
        .whereRef('before.id', '=', 'f.id')
        .where('f.group_id', '=', groupId)
        .where('f.edit_kind', '=', 'blur');
      if (frameIds) query = query.where('f.id', 'in', frameIds);
      const rows = await query.returning('before.edited as dropped').execute();
      return rows.flatMap((r) => (r.dropped ? [r.dropped as StoredImage] : []));
    },

    /** The first frame of the spin: of the first row that is not temp (being remade). */
    async firstSpinFrame(contentId: string): Promise<Pick<BlurFrameRow, 'original' | 'edited'> | undefined> {
      return db
        .selectFrom('exterior_frames as f')
        .innerJoin('exterior_groups as g', 'g.id', 'f.group_id')
        .select(['f.original', 'f.edited'])
        .where('f.content_id', '=', contentId)
        .where('g.is_temp', '=', false)
        .orderBy('g.group_order')
        .orderBy('f.frame_order')
        .limit(1)
        .executeTakeFirst();
    },

    async thumbnailKey(contentId: string): Promise<string | null> {
      const row = await db
        .selectFrom('contents')
        .select('thumbnail_key')
        .where('id', '=', contentId)
        .executeTakeFirst();
      return row?.thumbnail_key ?? null;
    },

    /** The vehicle's latest process of this name (running or ended). */
    async latestProcess(contentId: string, process: string): Promise<Selectable<ContentProcessesTable> | undefined> {
      return db
        .selectFrom('content_processes')
        .selectAll()
        .where('content_id', '=', contentId)
        .where('process', '=', process)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async process(processId: string): Promise<Selectable<ContentProcessesTable> | undefined> {
      return db.selectFrom('content_processes').selectAll().where('id', '=', processId).executeTakeFirst();
    },
  };
}

export type BlurRepo = ReturnType<typeof blurRepo>;

/** The settings to save, from an apply body. */
export function settingsToSave(
  body: { blur_target: BlurTarget; blur_str?: number | undefined; bg_color?: string | undefined },
  regions: SavedBlurSettings['regions'],
  now: Date,
): SavedBlurSettings {
  return {
    blur_target: body.blur_target,
    blur_str: body.blur_str ?? null,
    bg_color: body.bg_color ?? null,
    regions,
    saved_at: now.toISOString(),
  };
}
