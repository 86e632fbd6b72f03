import type { AudioTrackAnswer } from '@spinyard/domain';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  Database,
  OriginalMoviesTable,
  RiderViewImagesTable,
  SliderItemsTable,
  StoredImage,
} from '../../db/schema.ts';
import { partOfVehicle, partsOfVehicle } from '../vehicle-parts-repo.ts';

export type SliderItemRow = Selectable<SliderItemsTable>;
export type OriginalMovieRow = Selectable<OriginalMoviesTable>;
export type RiderViewImageRow = Selectable<RiderViewImagesTable>;

/** What an original movie row keeps (the `movie` JSON column). */
export interface StoredMovie {
  key: string;
  bytes: number;
  width: number;
  height: number;
  duration_seconds: number;
  codec: string;
  poster: StoredImage;
  /** The upload's sound tracks (audio-tracks.ts); absent for a movie uploaded before they were kept. */
  audio_tracks?: AudioTrackAnswer[];
}

export interface NewSliderItem {
  kind: 'image' | 'video_link';
  category: string | null;
  caption: string;
  image: StoredImage | null;
  video_id: string | null;
}

/** The area's three ordered lists, each with the column that holds its places. */
const ORDER_COLUMN = {
  slider_items: 'item_order',
  original_movies: 'movie_order',
  rider_view_images: 'image_order',
} as const;
type ListTable = keyof typeof ORDER_COLUMN;

/** Removes one row of a vehicle's list; undefined when the vehicle has no such row. */
async function deleteFromList<T extends ListTable>(
  db: Db,
  table: T,
  contentId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const { rows } = await sql<Selectable<Database[T]>>`DELETE FROM ${sql.table(table)}
    WHERE content_id = ${contentId} AND id = ${id} RETURNING *`.execute(db);
  return rows[0];
}

/**
 * Renumbers a vehicle's list in the order of `ids`, in one statement: the ids become a relation `(id, ord)` joined
 * to the rows. An id of another vehicle matches no row.
 */
async function reorderList(db: Db, table: ListTable, contentId: string, ids: readonly string[]): Promise<void> {
  await sql`UPDATE ${sql.table(table)} t SET ${sql.ref(ORDER_COLUMN[table])} = v.ord - 1
    FROM unnest(${sql.val(ids)}::bigint[]) WITH ORDINALITY AS v(id, ord)
    WHERE t.id = v.id AND t.content_id = ${contentId}`.execute(db);
}

/** The place after a vehicle's last row of a list: where an appended row goes. */
const nextPlace = (table: ListTable, contentId: string) =>
  sql<number>`(SELECT coalesce(max(${sql.ref(ORDER_COLUMN[table])}) + 1, 0) FROM ${sql.table(table)}
    WHERE content_id = ${contentId})`;

/** A row of one of the area's lists, its id named (a generic table hides it). */
export type ListRow<T extends ListTable> = Selectable<Database[T]> & { id: string };

/** One of the area's ordered lists: its rows in their order, one row removed, the whole list renumbered. */
function listOf<T extends ListTable>(db: Db, table: T) {
  // Every list table has its order column and an id; Kysely cannot see them through the generic table.
  const order = [ORDER_COLUMN[table], 'id'] as unknown as (keyof Database[T] & string)[];
  return {
    rows: (contentId: string) => partsOfVehicle(db, table, contentId, order) as Promise<ListRow<T>[]>,
    remove: (contentId: string, id: string) =>
      deleteFromList(db, table, contentId, id) as Promise<ListRow<T> | undefined>,
    reorder: (contentId: string, ids: readonly string[]) => reorderList(db, table, contentId, ids),
  };
}

/** The lists the slider's services add to, delete from and reorder alike (the slider's own list has kinds). */
export type PlainListTable = Exclude<ListTable, 'slider_items'>;

/**
 * SQL of the slider area: `slider_items` (category images and video links in one order), `original_movies` and
 * `rider_view_images`. No other area writes these tables. Every read and write names the vehicle, so an item id of
 * another vehicle is never found. Orders are 0-based places, renumbered whole by `reorder`; a delete leaves a gap,
 * which only the order of the list, never its numbers, shows.
 */
export function sliderRepo(db: Db) {
  return {
    items: (contentId: string): Promise<SliderItemRow[]> => listOf(db, 'slider_items').rows(contentId),

    list: <T extends PlainListTable>(table: T) => listOf(db, table),

    async item(contentId: string, itemId: string): Promise<SliderItemRow | undefined> {
      return partOfVehicle(db, 'slider_items', contentId, itemId);
    },

    /** Appends an item after the last one. */
    async insertItem(contentId: string, item: NewSliderItem): Promise<SliderItemRow> {
      return db
        .insertInto('slider_items')
        .values({
          content_id: contentId,
          item_order: nextPlace('slider_items', contentId),
          kind: item.kind,
          category: item.category,
          caption: item.caption,
          image: item.image === null ? null : JSON.stringify(item.image),
          video_id: item.video_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateItem(
      contentId: string,
      itemId: string,
      change: { caption?: string; category?: string },
    ): Promise<SliderItemRow | undefined> {
      if (Object.keys(change).length === 0) return this.item(contentId, itemId);
      return db
        .updateTable('slider_items')
        .set(change)
        .where('content_id', '=', contentId)
        .where('id', '=', itemId)
        .returningAll()
        .executeTakeFirst();
    },

    /** Every slider item, original video and rider-view image of the vehicle (its purge after a permanent delete). */
    async deleteAllOf(contentId: string): Promise<void> {
      await db.deleteFrom('slider_items').where('content_id', '=', contentId).execute();
      await db.deleteFrom('original_movies').where('content_id', '=', contentId).execute();
      await db.deleteFrom('rider_view_images').where('content_id', '=', contentId).execute();
    },

    deleteItem: (contentId: string, itemId: string) => listOf(db, 'slider_items').remove(contentId, itemId),

    reorderItems: (contentId: string, ids: readonly string[]) => listOf(db, 'slider_items').reorder(contentId, ids),

    movies: (contentId: string): Promise<OriginalMovieRow[]> => listOf(db, 'original_movies').rows(contentId),

    async insertMovie(contentId: string, movie: StoredMovie, fileName: string | null): Promise<OriginalMovieRow> {
      return db
        .insertInto('original_movies')
        .values({
          content_id: contentId,
          movie_order: nextPlace('original_movies', contentId),
          movie: JSON.stringify(movie),
          file_name: fileName,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    riderView: (contentId: string): Promise<RiderViewImageRow[]> => listOf(db, 'rider_view_images').rows(contentId),

    async insertRiderView(contentId: string, image: StoredImage): Promise<RiderViewImageRow> {
      return db
        .insertInto('rider_view_images')
        .values({
          content_id: contentId,
          image_order: nextPlace('rider_view_images', contentId),
          image: JSON.stringify(image),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type SliderRepo = ReturnType<typeof sliderRepo>;
