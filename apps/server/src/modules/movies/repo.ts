import type { ContentMovieKind } from '@spinyard/domain';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AudioTracksTable, ContentMovieSettingsTable, ContentMoviesTable } from '../../db/schema.ts';

export type MovieSettingsRow = Selectable<ContentMovieSettingsTable>;
export type ContentMovieRow = Selectable<ContentMoviesTable>;
export type AudioTrackRow = Selectable<AudioTracksTable>;

/** The files of a rendered movie, switched into its row in one step. */
export interface MovieFiles {
  file_1080_key: string;
  file_720_key: string;
  poster_key: string;
  width: number;
  height: number;
  bytes_1080: number;
  bytes_720: number;
  duration_seconds: number;
}

export interface OpeningImage {
  key: string;
  width: number;
  height: number;
}

/** The movies module's tables (content_movie_settings, content_movies); audio_tracks is only read. */
export function moviesRepo(db: Db) {
  const movieRow = (contentId: string, kind: ContentMovieKind) =>
    db.selectFrom('content_movies').selectAll().where('content_id', '=', contentId).where('kind', '=', kind);
  const updateMovie = async (contentId: string, kind: ContentMovieKind, set: Updateable<ContentMoviesTable>) => {
    await db
      .updateTable('content_movies')
      .set({ ...set, updated_at: new Date() })
      .where('content_id', '=', contentId)
      .where('kind', '=', kind)
      .execute();
  };
  return {
    async settings(contentId: string): Promise<MovieSettingsRow | undefined> {
      return db.selectFrom('content_movie_settings').selectAll().where('content_id', '=', contentId).executeTakeFirst();
    },

    async saveSettings(contentId: string, settings: object): Promise<void> {
      await db
        .insertInto('content_movie_settings')
        .values({ content_id: contentId, settings: JSON.stringify(settings) })
        .onConflict((oc) =>
          oc.column('content_id').doUpdateSet({ settings: JSON.stringify(settings), updated_at: new Date() }),
        )
        .execute();
    },

    async setOpeningImage(contentId: string, image: OpeningImage | null): Promise<void> {
      const values = {
        opening_image_key: image?.key ?? null,
        opening_image_width: image?.width ?? null,
        opening_image_height: image?.height ?? null,
      };
      await db
        .insertInto('content_movie_settings')
        .values({ content_id: contentId, ...values })
        .onConflict((oc) => oc.column('content_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    },

    async movies(contentId: string): Promise<ContentMovieRow[]> {
      return db.selectFrom('content_movies').selectAll().where('content_id', '=', contentId).orderBy('id').execute();
    },

    async movie(contentId: string, kind: ContentMovieKind): Promise<ContentMovieRow | undefined> {
      return movieRow(contentId, kind).executeTakeFirst();
    },

    /** The movie's row locked until the transaction ends (the render's switch against a delete). */
    async lockMovie(contentId: string, kind: ContentMovieKind): Promise<ContentMovieRow | undefined> {
      return movieRow(contentId, kind).forUpdate().executeTakeFirst();
    },

    /** A render begins: the row says so (its last files stay until the new ones replace them). */
    async markRendering(contentId: string, kind: ContentMovieKind, inputsHash: string): Promise<void> {
      await db
        .insertInto('content_movies')
        .values({ content_id: contentId, kind, status: 'rendering', inputs_hash: inputsHash })
        .onConflict((oc) =>
          oc
            .columns(['content_id', 'kind'])
            .doUpdateSet({ status: 'rendering', error_code: null, updated_at: new Date() }),
        )
        .execute();
    },

    async markFailed(contentId: string, kind: ContentMovieKind, errorCode: string): Promise<void> {
      await updateMovie(contentId, kind, { status: 'failed', error_code: errorCode });
    },

    /** The movie stands as the inputs would make it now: ready again, its files and their time kept. */
    async keep(contentId: string, kind: ContentMovieKind): Promise<void> {
      await updateMovie(contentId, kind, { status: 'ready', error_code: null });
    },

    /** The new files in, in one statement: the movie is the old one or the new one, never half of either. */
    async switchFiles(contentId: string, kind: ContentMovieKind, inputsHash: string, files: MovieFiles): Promise<void> {
      await updateMovie(contentId, kind, {
        ...files,
        status: 'ready',
        inputs_hash: inputsHash,
        error_code: null,
        rendered_at: new Date(),
      });
    },

    /** A copied vehicle's movie, its files already copied. */
    async insertCopy(contentId: string, row: ContentMovieRow): Promise<void> {
      const { id: _id, content_id: _from, created_at: _c, updated_at: _u, ...values } = row;
      await db
        .insertInto('content_movies')
        .values({ ...values, content_id: contentId })
        .execute();
    },

    async deleteMovie(contentId: string, kind: ContentMovieKind): Promise<void> {
      await db.deleteFrom('content_movies').where('content_id', '=', contentId).where('kind', '=', kind).execute();
    },

    async deleteAllOf(contentId: string): Promise<void> {
      await db.deleteFrom('content_movies').where('content_id', '=', contentId).execute();
      await db.deleteFrom('content_movie_settings').where('content_id', '=', contentId).execute();
    },

    async copySettings(toId: string, from: MovieSettingsRow, openingKey: string | null): Promise<void> {
      await db
        .insertInto('content_movie_settings')
        .values({
          content_id: toId,
          settings: JSON.stringify(from.settings),
          opening_image_key: openingKey,
          opening_image_width: from.opening_image_width,
          opening_image_height: from.opening_image_height,
        })
        .execute();
    },

    /** The vehicle's publication state (a vehicle in the trash, or gone, opens no link of its own). */
    async publicationOf(contentId: string): Promise<string | undefined> {
      const row = await db.selectFrom('contents').select('publication').where('id', '=', contentId).executeTakeFirst();
      return row?.publication;
    },

    /** The vehicle's domain (whose audio tracks it may use). */
    async domainOf(contentId: string): Promise<string | undefined> {
      const row = await db.selectFrom('contents').select('domain_id').where('id', '=', contentId).executeTakeFirst();
      return row?.domain_id;
    },

    /**
     * A track of the audio library this vehicle's domain may use (the product's own, or the domain's upload), not
     * deleted. The table is the audio-library module's: only read here.
     */
    async usableTrack(domainId: string, trackId: string): Promise<AudioTrackRow | undefined> {
      return db
        .selectFrom('audio_tracks')
        .selectAll()
        .where('id', '=', trackId)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('domain_id', 'is', null), eb('domain_id', '=', domainId)]))
        .executeTakeFirst();
    },
  };
}
export type MoviesRepo = ReturnType<typeof moviesRepo>;
