export type QueryValue = string | number | boolean | null | undefined;

/** Every request carries `_=<timestamp>` so no proxy or browser cache answers with another moment's data. */
export function buildUrl(path: string, query: Record<string, QueryValue> | undefined, now: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  params.set('_', String(now));
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}
