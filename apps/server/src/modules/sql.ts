import type { Kysely, ReferenceExpression, Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Small SQL helpers every area's repository shares. */

/** `%` and `_` typed in a search box are letters, not wildcards (ILIKE with the default `\` escape). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A search box's keywords narrowing a list: every keyword must appear in one of `columns`, so the whole list is
 * searched, never a window of it.
 */
export function whereEveryKeyword<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  words: readonly string[],
  columns: readonly ReferenceExpression<DB, TB>[],
): SelectQueryBuilder<DB, TB, O> {
  let narrowed = query;
  for (const word of words) {
    const pattern = likePattern(word);
    narrowed = narrowed.where((eb) => eb.or(columns.map((column) => eb(column, 'ilike', pattern))));
  }
  return narrowed;
}

/** True when a statement failed on a unique index (a concurrent request won the race between check and write). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** Whether a query finds any row: its first row is read, the rest never fetched. */
export async function hasRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

/** Page `page` (from 1) of a list of `limit` rows: the query's rows there, in the query's order. */
export function onPage<Q extends { limit(limit: number): Q; offset(offset: number): Q }>(
  query: Q,
  at: { page: number; limit: number },
): Q {
  return query.limit(at.limit).offset((at.page - 1) * at.limit);
}

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
