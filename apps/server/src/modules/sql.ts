/** Small SQL helpers every area's repository shares. */

/** `%` and `_` typed in a search box are letters, not wildcards (ILIKE with the default `\` escape). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** True when a statement failed on a unique index (a concurrent request won the race between check and write). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
