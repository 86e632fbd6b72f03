import type {
  ExteriorProcessStartedAnswer,
  ExtraImagesProposalAnswer,
  OneProcessAnswer,
  RecentProcessesAnswer,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { contentDetailKeys } from './contentDetail.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * The starts of the AI options' processes (issue 23) on the content API: front detection, the automatic plate
 * blur, the interior's automatic colour, the automatic category images. Each answers the process as recorded; its
 * progress then comes over the process socket (contentProgress.ts), which also makes the vehicle's reads stale
 * when it ends. Silent: the panel says a refusal beside the button, in the user's language.
 */

const seg = encodeURIComponent;

export type AiStart =
  | 'front'
  | 'plates'
  | 'rotation'
  | 'background'
  | 'interiorColour'
  | 'exteriorImages'
  | 'interiorImages';

const REQUESTS: Readonly<Record<AiStart, (contentId: string, groupId?: string) => { path: string; json?: unknown }>> = {
  front: (id) => ({ path: `/exterior/${seg(id)}/autodetect-angle` }),
  rotation: (id, row) => ({ path: `/exterior/${seg(id)}/rows/${seg(row ?? '')}/rotation-correction` }),
  plates: (id) => ({ path: `/exterior/${seg(id)}/autodetect-plates` }),
  background: (id, row) => ({ path: `/exterior/${seg(id)}/rows/${seg(row ?? '')}/replace-background` }),
  interiorColour: (id) => ({ path: `/interior/${seg(id)}/auto-color` }),
  exteriorImages: (id) => ({ path: `/slider/${seg(id)}/auto-generate`, json: { source: 'exterior' } }),
  interiorImages: (id) => ({ path: `/slider/${seg(id)}/auto-generate`, json: { source: 'interior' } }),
};

/**
 * Starts one AI process on the vehicle; the vehicle's reads (processes, locks) are read again at once. A start that
 * takes a picture (the dealer's background) sends it as the upload's file.
 */
export function useAiStart(contentId: string, start: AiStart, groupId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file?: File) => {
      const { path, json } = REQUESTS[start](contentId, groupId);
      if (file) {
        return uploadFile<ExteriorProcessStartedAnswer>(`${CONTENT_API_BASE}${path}`, { file, errors: 'silent' });
      }
      const answer = await apiRequest<ExteriorProcessStartedAnswer>(`${CONTENT_API_BASE}${path}`, {
        method: 'POST',
        ...(json === undefined ? {} : { json }),
        errors: 'silent',
      });
      return answer.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: contentDetailKeys.all }),
  });
}

/**
 * `GET /contents/process/{id}/{process_id}`: a process the screen saw running and no longer finds among the running
 * ones (its end's socket message did not arrive), read until it has ended, for its outcome.
 */
export function useProcessOutcome(contentId: string, processId: string | undefined) {
  return useQuery({
    queryKey: ['contents', 'process', contentId, processId] as const,
    queryFn: () =>
      apiGet<OneProcessAnswer>(`${CONTENT_API_BASE}/contents/process/${seg(contentId)}/${seg(processId ?? '')}`, {
        errors: 'silent',
      }),
    enabled: processId !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.process.status;
      return status === 'queued' || status === 'running' ? 1500 : false;
    },
    retry: false,
  });
}

/**
 * `GET /contents/recent_processes/{id}`: the vehicle's latest runs, ended ones included, so each AI action shows its
 * last outcome after a reload too (read only where an action is shown). Under `['contents']`: a start, and a run's
 * end on the process socket, read it again.
 */
export function useRecentRuns(contentId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['contents', 'recent-processes', contentId] as const,
    queryFn: () =>
      apiGet<RecentProcessesAnswer>(`${CONTENT_API_BASE}/contents/recent_processes/${seg(contentId)}`, {
        errors: 'silent',
      }),
    retry: false,
  });
}

export interface ExtraImageChecks {
  blurred: boolean;
  duplicates: boolean;
  empty: boolean;
}

const flagsQuery = (checks: ExtraImageChecks) =>
  Object.fromEntries(Object.entries(checks).map(([key, on]) => [key, on ? 'true' : 'false']));

/** `GET /exterior/{id}/extra-images`: the frames a removal would delete, for the dealer to confirm. */
export function fetchExtraImages(contentId: string, checks: ExtraImageChecks): Promise<ExtraImagesProposalAnswer> {
  return apiGet<ExtraImagesProposalAnswer>(`${CONTENT_API_BASE}/exterior/${seg(contentId)}/extra-images`, {
    query: flagsQuery(checks),
    errors: 'silent',
  });
}

/** `POST .../extra-images/remove?frame_ids=`: only the frames the dealer confirmed go (a process). */
export function useRemoveConfirmedFrames(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (frameIds: readonly string[]) =>
      apiRequest(`${CONTENT_API_BASE}/exterior/${seg(contentId)}/extra-images/remove`, {
        method: 'POST',
        query: { frame_ids: frameIds.join(',') },
        errors: 'silent',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentDetailKeys.all }),
  });
}
