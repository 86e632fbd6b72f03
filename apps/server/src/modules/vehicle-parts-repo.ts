import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * The two reads every vehicle-part table shares (exterior rows and frames, interior scenes, hotspots, slider items,
 * movie backups): read through each owning module's repository, which stays the one writer of its table. A
 * repository of its own, since queries live only in repositories (test/structure/queries-in-repositories.test.ts).
 */

/** Every part of this vehicle, in the order of `order`'s columns (each later column breaks the ties). */
export async function partsOfVehicle<T extends VehiclePartTable>(
  db: Db,
  table: T,
  contentId: string,
  order: readonly (keyof Database[T] & string)[],
): Promise<Selectable<Database[T]>[]> {
  let query = partsOf(db).selectFrom(table).selectAll().where('content_id', '=', contentId);
  for (const column of order) query = query.orderBy(column);
  return (await query.execute()) as Selectable<Database[T]>[];
}

// Kysely cannot see a generic table's columns; VehiclePartTable guarantees `id` and `content_id`, and the callers'
// types name the rest.
const partsOf = (db: Db) => db as unknown as Kysely<Record<string, Record<string, string>>>;

/** The tables of a vehicle's parts: each row carries its vehicle's id beside its own. */
type VehiclePartTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; content_id: unknown } ? T : never;
}[keyof Database];

/** A part of this vehicle by its id (undefined for another vehicle's part: ids are never trusted alone). */
export async function partOfVehicle<T extends VehiclePartTable>(
  db: Db,
  table: T,
  contentId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await partsOf(db)
    .selectFrom(table)
    .selectAll()
    .where('content_id', '=', contentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}
