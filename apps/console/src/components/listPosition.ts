import { DEFAULT_PAGE_SIZE, isPageSize, type PageSize, SEARCH_MAX_LENGTH } from '@spinyard/domain';

/** Where a paged list stands. Lists keep it in the address, so reload, back and a shared link show the same rows. */
export interface ListPosition {
  page: number;
  limit: PageSize;
  q: string;
}

/** The list's position read from the address; a missing or unknown page size falls back to `defaultLimit`. */
export function readListPosition(params: URLSearchParams, defaultLimit: PageSize = DEFAULT_PAGE_SIZE): ListPosition {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const limit = Number(params.get('limit'));
  // An address typed or shared by hand cannot carry a search longer than the server takes (it would be refused).
  const q = (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
  return { page, limit: isPageSize(limit) ? (limit as PageSize) : defaultLimit, q };
}

/**
 * The address query for a list's position and filters. What is at its default (first page, default size, no
 * search, an empty filter) is left out, so the plain list keeps a plain address.
 */
export function listPositionQuery(
  { page, limit, q }: ListPosition,
  filters: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const out = new URLSearchParams();
  if (q.trim()) out.set('q', q.trim());
  for (const [name, value] of Object.entries(filters)) if (value) out.set(name, value);
  if (page > 1) out.set('page', String(page));
  if (limit !== DEFAULT_PAGE_SIZE) out.set('limit', String(limit));
  return out;
}
