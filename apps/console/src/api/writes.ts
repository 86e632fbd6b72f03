import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write whose success makes one area's cached reads stale: they are refetched (active ones) before the
 * caller's own onSuccess runs, so a list shown next already holds the change.
 */
export function useRefetchingWrite<A, R>(queryKey: readonly unknown[], write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey }) });
}
