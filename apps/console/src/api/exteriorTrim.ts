import type { ExteriorProcessStartedAnswer, ExteriorTrimBody, ExteriorTrimSourceAnswer } from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { exteriorKeys } from './exterior.ts';

/**
 * A row's trim (`/exterior/{content_id}/rows/{group_id}/trim`): what the dialog can use of the row's kept video, and
 * the start of the row's remaking from the part chosen (a `multiple` process, followed like an upload's).
 */

const trimPath = (contentId: string, groupId: string) =>
  `${CONTENT_API_BASE}/exterior/${encodeURIComponent(contentId)}/rows/${encodeURIComponent(groupId)}/trim`;

export function useTrimSource(contentId: string, groupId: string | null) {
  return useQuery({
    queryKey: [...exteriorKeys.detail(contentId), 'trim', groupId] as const,
    queryFn: () => apiGet<ExteriorTrimSourceAnswer>(trimPath(contentId, groupId ?? ''), { errors: 'silent' }),
    enabled: groupId !== null,
    retry: false,
  });
}

/** Starts the trim; the spin is read again, so its process shows and its frames come when ready. */
export function useTrimRow(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, body }: { groupId: string; body: ExteriorTrimBody }) =>
      (
        await apiRequest<ExteriorProcessStartedAnswer>(trimPath(contentId, groupId), {
          method: 'POST',
          json: body,
          errors: 'silent',
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: exteriorKeys.detail(contentId) }),
  });
}
