import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * A list's query that keeps the last answer on screen while the next page, search or filter is asked: the rows
 * never blank out between pages (the list marks them busy meanwhile). Options left out keep the client's defaults.
 */
export function useListQuery<T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  options: {
    staleTime?: number;
    enabled?: boolean;
    /** How soon to ask again, by the last answer (false: not until something makes it stale). */
    poll?: (data: T | undefined) => number | false;
  } = {},
) {
  const { poll, ...rest } = options;
  return useQuery({
    ...rest,
    queryKey,
    queryFn,
    placeholderData: keepPreviousData,
    ...(poll ? { refetchInterval: (query: { state: { data: T | undefined } }) => poll(query.state.data) } : {}),
  });
}
