import type {
  ExteriorHotspotAddBody,
  ExteriorPlacement,
  ExteriorProcessStartedAnswer,
  HotspotAnswer,
  HotspotFileKind,
  HotspotListAnswer,
  HotspotProposalsBody,
  HotspotUpdateBody,
  InteriorHotspotAddBody,
  InteriorPlacement,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '../i18n/locale.ts';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { contentKeys } from './contents.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * The hotspot calls (content API: `/exterior/{id}/hotspots`, `/interior/{id}/hotspots`, `/hotspot/{id}/{hid}/{kind}`).
 * Writes are silent: the editor shows a refusal beside the field or control that made it. Every write refreshes the
 * list of its area (the manual count and the domain's maximum come with it).
 */

export type HotspotArea = 'exterior' | 'interior';

const seg = encodeURIComponent;

export const hotspotKeys = {
  all: ['contents', 'hotspots'] as const,
  list: (contentId: string, area: HotspotArea) => ['contents', 'hotspots', contentId, area] as const,
};

const listPath = (contentId: string, area: HotspotArea) => `${CONTENT_API_BASE}/${area}/${seg(contentId)}/hotspots`;
const onePath = (contentId: string, area: HotspotArea, id: string) => `${listPath(contentId, area)}/${seg(id)}`;

export function useHotspots(contentId: string, area: HotspotArea) {
  return useQuery({
    queryKey: hotspotKeys.list(contentId, area),
    queryFn: () => apiGet<HotspotListAnswer>(listPath(contentId, area), { errors: 'silent' }),
    retry: false,
    // A video's browser copy is made in the background: asked again until none is being made.
    refetchInterval: (query) =>
      query.state.data?.items.some((h) => h.movie?.conversion === 'pending') ? 5_000 : false,
  });
}

function useHotspotWrite<A, R>(contentId: string, write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Both areas: the maximum counts exterior and interior hotspots together.
    onSuccess: () => client.invalidateQueries({ queryKey: ['contents', 'hotspots', contentId] }),
  });
}

/** A new hotspot's fields and its place (the area's kind of place: the server checks it by the area's schema). */
export type HotspotAddBody = Omit<ExteriorHotspotAddBody | InteriorHotspotAddBody, 'placement'> & {
  placement: ExteriorPlacement | InteriorPlacement;
};

export function useAddHotspot(contentId: string, area: HotspotArea) {
  return useHotspotWrite(contentId, async (body: HotspotAddBody) => {
    const answer = await apiRequest<HotspotAnswer>(listPath(contentId, area), {
      method: 'POST',
      json: body,
      errors: 'silent',
    });
    return answer.data;
  });
}

export function useUpdateHotspot(contentId: string, area: HotspotArea) {
  return useHotspotWrite(contentId, async ({ id, body }: { id: string; body: HotspotUpdateBody }) => {
    const answer = await apiRequest<HotspotAnswer>(onePath(contentId, area, id), {
      method: 'POST',
      json: body,
      errors: 'silent',
    });
    return answer.data;
  });
}

export function useMoveHotspot(contentId: string, area: HotspotArea) {
  return useHotspotWrite(
    contentId,
    async ({ id, placement }: { id: string; placement: ExteriorPlacement | InteriorPlacement }) => {
      const answer = await apiRequest<HotspotAnswer>(`${onePath(contentId, area, id)}/coordinates`, {
        method: 'POST',
        json: placement,
        errors: 'silent',
      });
      return answer.data;
    },
  );
}

export function useRemoveHotspot(contentId: string, area: HotspotArea) {
  return useHotspotWrite(contentId, (id: string) =>
    apiRequest<HotspotListAnswer>(onePath(contentId, area, id), { method: 'DELETE', errors: 'silent' }),
  );
}

const filePath = (contentId: string, id: string, kind: HotspotFileKind) =>
  `${CONTENT_API_BASE}/hotspot/${seg(contentId)}/${seg(id)}/${kind}`;

export interface HotspotFileUpload {
  id: string;
  kind: HotspotFileKind;
  file: Blob;
  fileName?: string;
  onProgress?: (fraction: number) => void;
}

/** A hotspot's image, audio, video or custom icon, judged by its content on the server; progress as it leaves. */
export function useUploadHotspotFile(contentId: string) {
  return useHotspotWrite(contentId, ({ id, kind, file, fileName, onProgress }: HotspotFileUpload) =>
    uploadFile<HotspotAnswer>(filePath(contentId, id, kind), {
      file,
      errors: 'silent',
      ...(fileName ? { fileName } : {}),
      ...(onProgress ? { onProgress } : {}),
    }),
  );
}

export function useRemoveHotspotFile(contentId: string) {
  return useHotspotWrite(contentId, async ({ id, kind }: { id: string; kind: HotspotFileKind }) => {
    const answer = await apiRequest<HotspotAnswer>(filePath(contentId, id, kind), {
      method: 'DELETE',
      errors: 'silent',
    });
    return answer.data;
  });
}

/**
 * Automatic annotation's proposals accepted or rejected (`.../hotspots/proposals/accept`, `reject`): the ones named,
 * or all of them when no id is given.
 */
export function useDecideProposals(contentId: string, area: HotspotArea) {
  return useHotspotWrite(contentId, ({ decision, ids }: { decision: 'accept' | 'reject'; ids?: string[] }) => {
    const json: HotspotProposalsBody = ids ? { ids } : {};
    return apiRequest<HotspotListAnswer>(`${listPath(contentId, area)}/proposals/${decision}`, {
      method: 'POST',
      json,
      errors: 'silent',
    });
  });
}

/** Starts automatic annotation on the exterior (`POST /exterior/{id}/autodetect`); its process shows on the vehicle. */
export function useDetectParts(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<ExteriorProcessStartedAnswer>(`${CONTENT_API_BASE}/exterior/${seg(contentId)}/autodetect`, {
          query: { lang: currentLocale() },
          method: 'POST',
          errors: 'silent',
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.detail(contentId) }),
  });
}
