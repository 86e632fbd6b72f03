import type {
  ExteriorAnswer,
  ExteriorCreateBody,
  ExteriorMovieUrlAnswer,
  ExteriorOrderBody,
  MovieBackupReportAnswer,
  MovieBackupReportQuery,
  ProcessAnswer,
} from '@spinyard/domain';
import { isUploadInFlight } from '@spinyard/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * The exterior spin's calls (content API, second document section 7: /exterior, /exteriorimage/order, rows,
 * replace-image). Every write is silent: the panel shows a refusal beside the control that
 * made it, in the user's language. A write makes the vehicle's exterior stale (refetched at once), never the
 * vehicle itself: the edit page remounts its wizard when the vehicle changes.
 *
 * The keys live under `['contents', ...]` so that the process socket, which makes every vehicle read stale when
 * a process ends (contentProgress.ts), also refreshes the spin when its frames are ready.
 */

const seg = encodeURIComponent;
const base = CONTENT_API_BASE;

export const exteriorKeys = {
  all: ['contents', 'exterior'] as const,
  detail: (contentId: string) => ['contents', 'exterior', contentId] as const,
};

const running = (p: ProcessAnswer) => p.status === 'queued' || p.status === 'running';

/**
 * While a process runs on the spin or an upload is still being turned into frames, the answer is read again
 * every 1.5 s, so the progress moves and the frames appear when they are ready, even without the socket.
 */
export function exteriorPollMs(answer: ExteriorAnswer | undefined): number | false {
  if (!answer) return false;
  const busy =
    answer.processes.some(running) ||
    answer.uploads.some((u) => u.status !== 'requested' && u.status !== 'ready' && isUploadInFlight(u.status));
  return busy ? 1500 : false;
}

export function fetchExterior(contentId: string): Promise<ExteriorAnswer> {
  return apiGet<ExteriorAnswer>(`${base}/exterior/${seg(contentId)}`, { errors: 'silent' });
}

/** `GET /exterior/{content_id}`: rows and frames, the obvr facts, the domain's settings, uploads and processes. */
export function useExterior(contentId: string) {
  return useQuery({
    queryKey: exteriorKeys.detail(contentId),
    queryFn: () => fetchExterior(contentId),
    refetchInterval: (query) => exteriorPollMs(query.state.data),
    retry: false,
  });
}

/**
 * `GET /exteriormovie_url`: the kept original walk-around videos with signed URLs; null when none is kept (404: the
 * domain's backup period is over, or the spin was not made from a video). Under the spin's key, so a new spin reads
 * it again; its URLs live at least 30 minutes, so it is read again after 20.
 */
export function useExteriorMovies(contentId: string) {
  return useQuery({
    queryKey: [...exteriorKeys.detail(contentId), 'original-videos'] as const,
    queryFn: async () => {
      const url = `${base}/exteriormovie_url?contentsID=${seg(contentId)}`;
      try {
        return await apiGet<ExteriorMovieUrlAnswer>(url, { errors: 'silent' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 20 * 60 * 1000,
    retry: false,
  });
}

/** A write on one vehicle's spin whose success refetches that spin before the caller's own onSuccess. */
function useExteriorWrite<A, R>(contentId: string, write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: exteriorKeys.detail(contentId) }),
  });
}

const path = (contentId: string, rest = '') => `${base}/exterior/${seg(contentId)}${rest}`;

/** Reads the spin again (an upload finished or was cancelled: the server's upload states changed). */
export function useRefreshExterior(contentId: string): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: exteriorKeys.detail(contentId) });
}

/** `POST /exterior/{content_id}`: the ready uploads become frames (the `multiple` or `exterior_async_upload` process). */
export function useMakeSpin(contentId: string) {
  return useExteriorWrite(contentId, async (body: ExteriorCreateBody) => {
    const answer = await apiRequest<ProcessAnswer>(path(contentId), { method: 'POST', json: body, errors: 'silent' });
    return answer.data;
  });
}

/** `POST /exteriorimage/order`: every frame of a row in its new order. */
export function useSaveFrameOrder(contentId: string) {
  return useExteriorWrite(contentId, (body: Omit<ExteriorOrderBody, 'content_id'>) =>
    apiRequest(`${base}/exteriorimage/order`, {
      method: 'POST',
      json: { content_id: contentId, ...body },
      errors: 'silent',
    }),
  );
}

export function useDeleteRow(contentId: string) {
  return useExteriorWrite(contentId, (groupId: string) =>
    apiRequest(path(contentId, `/rows/${seg(groupId)}`), { method: 'DELETE', errors: 'silent' }),
  );
}

export function useDeleteFrame(contentId: string) {
  return useExteriorWrite(contentId, (frameId: string) =>
    apiRequest(path(contentId, `/frames/${seg(frameId)}`), { method: 'DELETE', errors: 'silent' }),
  );
}

/** `DELETE /exterior/{content_id}`: the whole spin (every row and frame). */
export function useDeleteExterior(contentId: string) {
  return useExteriorWrite(contentId, () => apiRequest(path(contentId), { method: 'DELETE', errors: 'silent' }));
}

/** One frame replaced by an image (JPEG or PNG under 1280x720: the `exterior_replace_image` process). */
export function useReplaceFrame(contentId: string) {
  return useExteriorWrite(
    contentId,
    ({ frameId, file, onProgress }: { frameId: string; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile<unknown>(path(contentId, `/frames/${seg(frameId)}/replace-image`), {
        file,
        errors: 'silent',
        ...(onProgress ? { onProgress } : {}),
      }),
  );
}

/** The extracted frame shown again instead of its replacement or blur. */
export function useRestoreFrame(contentId: string) {
  return useExteriorWrite(contentId, (frameId: string) =>
    apiRequest(path(contentId, `/frames/${seg(frameId)}/replace-image`), { method: 'DELETE', errors: 'silent' }),
  );
}

export function useSetInitialAngle(contentId: string) {
  return useExteriorWrite(contentId, (angle: ExteriorAnswer['initial_angle']) =>
    apiRequest(path(contentId, '/initial-angle'), { method: 'POST', json: { angle }, errors: 'silent' }),
  );
}

export function useSetInitialRow(contentId: string) {
  return useExteriorWrite(contentId, (row: number) =>
    apiRequest(path(contentId, '/rows/initial'), { method: 'POST', json: { row }, errors: 'silent' }),
  );
}

export const movieBackupKeys = {
  all: ['movie-backups'] as const,
  report: (params: MovieBackupReportQuery) => ['movie-backups', 'report', params] as const,
};

/** `GET /exterior_movie_backup/report` (master): a page of the original exterior videos kept as backups. */
export function useMovieBackupReport(params: MovieBackupReportQuery) {
  return useQuery({
    queryKey: movieBackupKeys.report(params),
    queryFn: () =>
      apiGet<MovieBackupReportAnswer>(`${base}/exterior_movie_backup/report`, {
        query: { page: params.page, limit: params.limit, domain_id: params.domain_id, state: params.state },
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
