import { type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * One record by its id (or code), asked only once the route has given the id: until then the query waits rather
 * than asking for ''. Options left out keep the client's defaults.
 */
export function useRecordQuery<T>(
  id: string | undefined,
  queryKey: (id: string) => QueryKey,
  fetch: (id: string) => Promise<T>,
  options: { staleTime?: number; retry?: boolean } = {},
) {
  return useQuery({
    ...options,
    queryKey: queryKey(id ?? ''),
    queryFn: () => fetch(id ?? ''),
    enabled: Boolean(id),
  });
}
