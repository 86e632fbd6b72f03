import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../api/queryClient.ts';

/**
 * The query client for every page below it. A layout route loaded with the first page that asks the server
 * through TanStack Query: the sign-in page asks nothing that way, so the entry and the sign-in page go without it.
 */
export function QueryLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
