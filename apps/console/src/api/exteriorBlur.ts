import type {
  BlurApplyAnswer,
  BlurApplyBody,
  BlurRegion,
  BlurredContentAnswer,
  BlurTarget,
  BlurUndoAnswer,
  ProcessAnswer,
} from '@spinyard/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { exteriorKeys } from './exterior.ts';

/**
 * The blur editor's calls (content API: `GET|POST|DELETE blurred_contents/{id}`, `GET blurred_preview/{id}`).
 * Keys live under `['contents', ...]`, so the process socket, which makes every vehicle read stale when a process
 * ends (contentProgress.ts), also reads the blurred frames again when the blur is done. A write makes the spin
 * (exterior.ts) stale as well, never the vehicle itself.
 */

const seg = encodeURIComponent;
const base = CONTENT_API_BASE;

export const exteriorBlurKeys = {
  all: ['contents', 'exterior-blur'] as const,
  detail: (contentId: string) => ['contents', 'exterior-blur', contentId] as const,
  preview: (contentId: string, query: Record<string, string>) =>
    ['contents', 'exterior-blur', contentId, 'preview', query] as const,
};

export const blurRunning = (p: ProcessAnswer | null | undefined): boolean =>
  p !== null && p !== undefined && (p.status === 'queued' || p.status === 'running');

/** `GET /blurred_contents/{id}`: the rows' frames and saved settings; read every second while a blur runs. */
export function useBlurredContent(contentId: string, enabled = true) {
  return useQuery({
    queryKey: exteriorBlurKeys.detail(contentId),
    queryFn: () => apiGet<BlurredContentAnswer>(`${base}/blurred_contents/${seg(contentId)}`),
    refetchInterval: (query) => (blurRunning(query.state.data?.process) ? 1000 : false),
    enabled,
    retry: false,
  });
}

/** What the preview of one frame is made of (the regions as they stand on that frame: a short query). */
export interface BlurPreviewParams {
  groupId: string;
  frame: number;
  target: BlurTarget;
  /** Exactly one of strength and colour. */
  strength: number | null;
  color: string | null;
  regions: BlurRegion[];
}

export function previewQuery(p: BlurPreviewParams): Record<string, string> {
  return {
    group_id: p.groupId,
    frame: String(p.frame),
    blur_target: p.target,
    ...(p.color !== null ? { bg_color: p.color } : { blur_str: String(p.strength ?? 1) }),
    regions: JSON.stringify(p.regions),
  };
}

/** The value, once it has stayed the same for `ms` (the preview is not asked for at every key press). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * `GET /blurred_preview/{id}`: one frame at display size with the settings applied, as a Blob (the call carries
 * the content token, which an <img src> cannot; useObjectUrl shows it). The previous picture stays while the next
 * one loads.
 */
export function useBlurPreview(contentId: string, params: BlurPreviewParams | null) {
  const query = params ? previewQuery(params) : null;
  return useQuery({
    queryKey: exteriorBlurKeys.preview(contentId, query ?? {}),
    queryFn: async ({ signal }) => {
      return apiGet<Blob>(`${base}/blurred_preview/${seg(contentId)}`, {
        query: query ?? {},
        as: 'blob',
        errors: 'silent',
        signal,
      });
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });
}

/** An object URL for a Blob while the caller is mounted (revoked when the Blob changes or the caller goes). */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The blur's writes refresh the editor's rows and the spin before the caller's own onSuccess. */
function useBlurWrite<A, R>(contentId: string, write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: exteriorBlurKeys.detail(contentId) }),
        client.invalidateQueries({ queryKey: exteriorKeys.detail(contentId) }),
      ]),
  });
}

/** `POST /blurred_contents/{id}`: saves the row's settings and starts the `blur` process. */
export function useApplyBlur(contentId: string) {
  return useBlurWrite(contentId, async (body: BlurApplyBody) => {
    const answer = await apiRequest<BlurApplyAnswer>(`${base}/blurred_contents/${seg(contentId)}`, {
      method: 'POST',
      json: body,
    });
    return answer.data;
  });
}

/** `DELETE /blurred_contents/{id}?group_id=`: the row's blurred frames show their originals again. */
export function useUndoBlur(contentId: string) {
  return useBlurWrite(contentId, async (groupId: string) => {
    const answer = await apiRequest<BlurUndoAnswer>(`${base}/blurred_contents/${seg(contentId)}`, {
      method: 'DELETE',
      query: { group_id: groupId },
    });
    return answer.data;
  });
}
