import type { ReferenceExpression, SelectQueryBuilder } from 'kysely';

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

/** Page `at` of a query that selects `count(*) over ()` as `total` (listing/repo.ts's `totalOfAll`): its rows, and the count of all (0 past the last page). */
export async function pageWithTotal<
  Q extends { limit(limit: number): Q; offset(offset: number): Q; execute(): Promise<{ total: string }[]> },
>(query: Q, at: { page: number; limit: number }): Promise<{ total: number; items: Awaited<ReturnType<Q['execute']>> }> {
  const items = (await onPage(query, at).execute()) as Awaited<ReturnType<Q['execute']>>;
  return { total: Number(items[0]?.total ?? 0), items };
}

/**
 * Every row of a query, a page at a time in key order: each page starts after the last key read (no offset, and no
 * transaction held open while a page is used). `page(after)` reads at most `batch` rows whose key is over `after`.
 */
export async function* keysetPages<R>(
  batch: number,
  page: (after: string) => Promise<R[]>,
  keyOf: (row: R) => string,
): AsyncGenerator<R[]> {
  let after = '0';
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1);
    if (rows.length < batch || last === undefined) return;
    after = keyOf(last);
  }
}
