import type { UploadSessionAnswer, UploadSessionCancelAnswer } from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { exteriorKeys } from './exterior.ts';

const seg = encodeURIComponent;

/**
 * Outside the vehicles' key on purpose: a vehicle or spin write makes those stale, and reading the session again
 * would open a new one, leaving the uploads of this visit out of its cancel.
 */
export const uploadSessionKeys = {
  of: (contentId: string) => ['upload-session', contentId] as const,
};

/**
 * `GET /session/start?contentsID=N`: the exterior editor's upload session, opened once per visit (never read again
 * while the editor is open; forgotten when it closes, so the next visit opens its own). Not for a reader who
 * cannot upload (`enabled`).
 */
export function useUploadSession(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: uploadSessionKeys.of(contentId),
    queryFn: () =>
      apiGet<UploadSessionAnswer>(`${CONTENT_API_BASE}/session/start?contentsID=${seg(contentId)}`, {
        errors: 'silent',
      }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * `DELETE /exterior/{id}/session?sessionID=`: every unfinished upload of the session canceled in one request (their
 * bytes deleted by the server); the spin is read again so the list shows what is left.
 */
export function useCancelUploadSession(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      (
        await apiRequest<UploadSessionCancelAnswer>(
          `${CONTENT_API_BASE}/exterior/${seg(contentId)}/session?sessionID=${seg(sessionId)}`,
          { method: 'DELETE', errors: 'silent' },
        )
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: exteriorKeys.detail(contentId) }),
  });
}
