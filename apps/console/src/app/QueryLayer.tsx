import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { startMediaUrlRefresh } from '../api/mediaUrlRefresh.ts';
import { queryClient } from '../api/queryClient.ts';

/**
 * The query client for every page below it. A layout route loaded with the first page that asks the server
 * through TanStack Query: the sign-in page asks nothing that way, so the entry and the sign-in page go without it.
 */
export function QueryLayer() {
  // Signed media URLs expire; the answers on screen that hold them are asked again in time.
  useEffect(() => startMediaUrlRefresh(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
