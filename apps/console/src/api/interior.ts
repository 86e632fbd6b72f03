import {
  type EnhanceAnswer,
  type EnhanceSettings,
  enhancePreviewQueryOf,
  type InteriorAnswer,
  type InteriorOrderBody,
  type InteriorProcessAnswer,
  type InteriorSceneAnswer,
  type InteriorSceneUpdateBody,
  type ProcessAnswer,
  type WhiteBalance,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * The interior panoramas' calls (content API, second document section 7: /interior, /multipanorama/order, enhance,
 * adjust). Every write is silent: the panel shows a refusal beside the control that made it, in the user's
 * language. A write makes the vehicle's interior stale (refetched at once), never the vehicle itself (the edit page
 * remounts its wizard when the vehicle changes).
 *
 * The keys live under `['contents', ...]` so that the process socket, which makes every vehicle read stale when a
 * process ends (contentProgress.ts), also refreshes the scenes when an enhancement is ready.
 */

const seg = encodeURIComponent;
const base = CONTENT_API_BASE;

export const interiorKeys = {
  all: ['contents', 'interior'] as const,
  detail: (contentId: string) => ['contents', 'interior', contentId] as const,
  enhance: (contentId: string, sceneId: string) => ['contents', 'interior', contentId, 'enhance', sceneId] as const,
};

const running = (p: ProcessAnswer) => p.status === 'queued' || p.status === 'running';

/** The interior's own processes (what the panel shows progress for). */
export const INTERIOR_PROCESSES = ['interior_enhance', 'whiteblance'] as const;

/** While an image edit runs, the answer is read again every 1.5 s so the progress moves even without the socket. */
export function interiorPollMs(answer: InteriorAnswer | undefined): number | false {
  if (!answer) return false;
  return answer.processes.some((p) => running(p) && (INTERIOR_PROCESSES as readonly string[]).includes(p.process))
    ? 1500
    : false;
}

const path = (contentId: string, rest = '') => `${base}/interior/${seg(contentId)}${rest}`;
const scenePath = (contentId: string, sceneId: string, rest = '') => path(contentId, `/scenes/${seg(sceneId)}${rest}`);

/** `GET /interior/{content_id}`: scenes in order, the upload rules, the running processes. */
export function useInterior(contentId: string) {
  return useQuery({
    queryKey: interiorKeys.detail(contentId),
    queryFn: () => apiGet<InteriorAnswer>(path(contentId), { errors: 'silent' }),
    refetchInterval: (query) => interiorPollMs(query.state.data),
    retry: false,
  });
}

function useInteriorWrite<A, R>(contentId: string, write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The vehicle's scenes and every scene's tool (their keys start with the vehicle's).
    onSuccess: () => client.invalidateQueries({ queryKey: interiorKeys.detail(contentId) }),
  });
}

/** `POST /interior/{content_id}` (multipart): a new scene, with upload progress (0..1). */
export function useUploadPanorama(contentId: string) {
  return useInteriorWrite(
    contentId,
    (args: { file: File; title?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal }) =>
      uploadFile<InteriorSceneAnswer>(path(contentId), {
        file: args.file,
        fields: args.title ? { title: args.title } : {},
        errors: 'silent',
        ...(args.onProgress ? { onProgress: args.onProgress } : {}),
        ...(args.signal ? { signal: args.signal } : {}),
      }),
  );
}

/** `POST /multipanorama/order`: every scene once, in the new order. */
export function useOrderScenes(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sceneIds: string[]) => {
      const body: InteriorOrderBody = { content_id: contentId, scene_ids: sceneIds };
      return (
        await apiRequest<InteriorAnswer>(`${base}/multipanorama/order`, {
          method: 'POST',
          json: body,
          errors: 'silent',
        })
      ).data;
    },
    // The new order shows at once; a refusal puts the server's back.
    onMutate: async (sceneIds) => {
      const key = interiorKeys.detail(contentId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<InteriorAnswer>(key);
      if (before) {
        const byId = new Map(before.scenes.map((s) => [s.id, s]));
        const scenes = sceneIds.flatMap((id, i) => {
          const scene = byId.get(id);
          return scene ? [{ ...scene, order: i + 1 }] : [];
        });
        client.setQueryData<InteriorAnswer>(key, { ...before, scenes });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(interiorKeys.detail(contentId), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: interiorKeys.detail(contentId) }),
  });
}

export function useDeleteScene(contentId: string) {
  return useInteriorWrite(contentId, async (sceneId: string) => {
    await apiRequest<null>(scenePath(contentId, sceneId), { method: 'DELETE', errors: 'silent' });
  });
}

/** `POST /interior/{content_id}/scenes/{scene_id}`: title, initial view, zoom points. */
export function useUpdateScene(contentId: string) {
  return useInteriorWrite(
    contentId,
    async (args: { sceneId: string; body: InteriorSceneUpdateBody }) =>
      (
        await apiRequest<InteriorSceneAnswer>(scenePath(contentId, args.sceneId), {
          method: 'POST',
          json: args.body,
          errors: 'silent',
        })
      ).data,
  );
}

/** `GET .../enhance`: the tool's settings in force, the before and after pictures. */
export function useEnhance(contentId: string, sceneId: string, enabled = true) {
  return useQuery({
    queryKey: interiorKeys.enhance(contentId, sceneId),
    queryFn: () => apiGet<EnhanceAnswer>(scenePath(contentId, sceneId, '/enhance'), { errors: 'silent' }),
    enabled,
    retry: false,
  });
}

/** The live "after": the settings and the white balance on a 1024-wide copy, as an object URL (the caller revokes it). */
export async function fetchEnhancePreview(
  contentId: string,
  sceneId: string,
  settings: EnhanceSettings,
  whiteBalance: WhiteBalance,
  signal?: AbortSignal,
): Promise<string> {
  const { data } = await apiRequest<Blob>(scenePath(contentId, sceneId, '/enhance/preview'), {
    query: enhancePreviewQueryOf(settings, whiteBalance),
    as: 'blob',
    errors: 'silent',
    ...(signal ? { signal } : {}),
  });
  return URL.createObjectURL(data);
}

/** A process started on one scene (`POST .../enhance`, `.../adjust`) with the settings it runs with. */
function useSceneProcess<B>(contentId: string, sceneId: string, action: '/enhance' | '/adjust') {
  return useInteriorWrite(
    contentId,
    async (body: B) =>
      (
        await apiRequest<InteriorProcessAnswer>(scenePath(contentId, sceneId, action), {
          method: 'POST',
          json: body,
          errors: 'silent',
        })
      ).data,
  );
}

/** `POST .../enhance`: the interior_enhance process. */
export function useApplyEnhance(contentId: string, sceneId: string) {
  return useSceneProcess<EnhanceSettings>(contentId, sceneId, '/enhance');
}

/** `POST .../adjust`: the whiteblance process. */
export function useApplyWhiteBalance(contentId: string, sceneId: string) {
  return useSceneProcess<WhiteBalance>(contentId, sceneId, '/adjust');
}

/** `DELETE .../enhance`: back to the original. */
export function useUndoEnhance(contentId: string, sceneId: string) {
  return useInteriorWrite(
    contentId,
    async () =>
      (
        await apiRequest<InteriorSceneAnswer>(scenePath(contentId, sceneId, '/enhance'), {
          method: 'DELETE',
          errors: 'silent',
        })
      ).data,
  );
}
