import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
import { onSessionForgotten } from './session.ts';

/**
 * One query client for the console. A 4xx answer will not change by asking again, so only network and
 * server failures are retried, once; the client has already told the user what went wrong.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});

// A sign-out or another user's sign-in drops every answer of the previous session.
onSessionForgotten(() => queryClient.clear());
