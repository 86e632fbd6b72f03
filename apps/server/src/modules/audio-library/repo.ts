import type { AudioLibraryQuery } from '@spinyard/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AudioTracksTable } from '../../db/schema-movies.ts';
import { whereEveryKeyword } from '../sql.ts';

export type AudioTrackRow = Selectable<AudioTracksTable>;

/**
 * SQL of the audio_tracks table, which only this area writes. A domain sees the product's tracks (no domain) and its
 * own uploads, never another domain's: every read names the domain.
 */
export function audioLibraryRepo(db: Db) {
  const visibleTo = (domainId: string) =>
    db
      .selectFrom('audio_tracks')
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('domain_id', 'is', null), eb('domain_id', '=', domainId)]));

  return {
    async list(domainId: string, query: AudioLibraryQuery): Promise<{ rows: AudioTrackRow[]; total: number }> {
      let q = whereEveryKeyword(visibleTo(domainId), query.q.split(/\s+/).filter(Boolean), ['title']);
      if (query.genre) q = q.where('genre', '=', query.genre);
      if (query.mood) q = q.where('mood', '=', query.mood);
      if (query.source) q = q.where('source', '=', query.source);
      if (query.tempo_min !== undefined) q = q.where('tempo_bpm', '>=', query.tempo_min);
      if (query.tempo_max !== undefined) q = q.where('tempo_bpm', '<=', query.tempo_max);
      const count = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        // The domain's own uploads first (newest first), then the library by title.
        .orderBy(sql`domain_id IS NULL`)
        .orderBy(sql`CASE WHEN domain_id IS NULL THEN NULL ELSE created_at END DESC NULLS LAST`)
        .orderBy('title')
        .orderBy('id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      return { rows, total: Number(count.n) };
    },

    async visible(domainId: string, id: string): Promise<AudioTrackRow | undefined> {
      return visibleTo(domainId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The library keys already made (whether or not deleted since: a deleted one is never made again). */
    async libraryKeys(): Promise<Set<string>> {
      const rows = await db.selectFrom('audio_tracks').select('library_key').where('source', '=', 'library').execute();
      return new Set(rows.map((r) => r.library_key).filter((k): k is string => k !== null));
    },

    /** A generated track; a second insert of its key (another node, a retry) adds nothing and answers false. */
    async insertLibraryTrack(row: Omit<Insertable<AudioTracksTable>, 'source' | 'domain_id'>): Promise<boolean> {
      const inserted = await db
        .insertInto('audio_tracks')
        .values({ ...row, source: 'library', domain_id: null })
        .onConflict((oc) => oc.column('library_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async insertUpload(row: Omit<Insertable<AudioTracksTable>, 'source' | 'library_key'>): Promise<AudioTrackRow> {
      return db
        .insertInto('audio_tracks')
        .values({ ...row, source: 'upload', library_key: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Vehicles whose content-video settings name the track as their music. */
    async vehiclesUsing(id: string): Promise<number> {
      const row = await db
        .selectFrom('content_movie_settings')
        .where(sql<string>`settings->>'music_track_id'`, '=', id)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the domain's own upload deleted; answers its file key when no other live row shares the file. */
    async softDelete(domainId: string, id: string): Promise<{ orphanKey: string | null } | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('audio_tracks')
          .set({ deleted_at: new Date() })
          .where('id', '=', id)
          .where('domain_id', '=', domainId)
          .where('deleted_at', 'is', null)
          .returning('file_key')
          .executeTakeFirst();
        if (!row) return undefined;
        const shared = await trx
          .selectFrom('audio_tracks')
          .select('id')
          .where('file_key', '=', row.file_key)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        return { orphanKey: shared ? null : row.file_key };
      });
    },
  };
}
