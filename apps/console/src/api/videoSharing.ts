import type {
  VideoSiteUpdateBody,
  VideoSiteUploadBody,
  VideoSiteVideoAnswer,
  YoutubeAccountAnswer,
  YoutubeListAnswer,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * The video-sharing calls (content API `/youtube/...`) and the video-site operations on a vehicle
 * (`/contents/{id}/video-site/...`). Writes are silent: the section shows a refusal itself, as an info message
 * naming the service's reason.
 */

const seg = encodeURIComponent;
const YT = `${CONTENT_API_BASE}/youtube`;
const site = (contentId: string) => `${CONTENT_API_BASE}/contents/${seg(contentId)}/video-site`;

export const videoSharingKeys = {
  account: ['youtube', 'account'] as const,
  list: (name: string, hl: string) => ['youtube', name, hl] as const,
  videos: (contentId: string) => ['video-site', contentId] as const,
};

type Items = { items: VideoSiteVideoAnswer[] };

async function send<T>(path: string, method: 'POST' | 'DELETE', json?: unknown): Promise<T> {
  return (await apiRequest<T>(path, { method, ...(json === undefined ? {} : { json }), errors: 'silent' })).data;
}

export function useVideoSharingAccount() {
  return useQuery({ queryKey: videoSharingKeys.account, queryFn: () => apiGet<YoutubeAccountAnswer>(YT) });
}

/** Playlists, languages or categories of the connected channel (only asked once it is connected). */
export function useVideoSharingList(name: 'playlists' | 'languages' | 'categories', hl: string, enabled: boolean) {
  const query = name === 'playlists' ? '' : `?hl=${seg(hl)}${name === 'categories' ? '&region=JP' : ''}`;
  return useQuery({
    queryKey: videoSharingKeys.list(name, hl),
    queryFn: () => apiGet<YoutubeListAnswer>(`${YT}/${name}${query}`, { errors: 'silent' }),
    enabled,
  });
}

/** Where the dealer was when they went to the consent page: the callback page takes them back there. */
const RETURN_KEY = 'spinyard.videoSharing.return';

/** Opens the video site's consent page in this tab; it comes back to /youtube/callback. */
export async function startVideoSharingConsent(): Promise<void> {
  const { url } = await apiGet<{ url: string }>(`${YT}/authorize`);
  window.sessionStorage.setItem(RETURN_KEY, `${window.location.pathname}${window.location.search}`);
  window.location.assign(url);
}

/** The console path the consent was started from (only a path of this console), or null. */
export function videoSharingReturnPath(): string | null {
  const path = window.sessionStorage.getItem(RETURN_KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function useVideoSharingCallback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) => send<YoutubeAccountAnswer>(`${YT}/callback`, 'POST', body),
    onSuccess: (answer) => client.setQueryData(videoSharingKeys.account, answer),
  });
}

export function useVideoSharingRevoke() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => send<YoutubeAccountAnswer>(`${YT}/revoke`, 'POST'),
    onSuccess: (answer) => client.setQueryData(videoSharingKeys.account, answer),
  });
}

/** A video the upload job has not finished with (processing: sent, its playlist and thumbnail being set). */
const onItsWay = (v: VideoSiteVideoAnswer) =>
  v.status === 'pending' || v.status === 'uploading' || v.status === 'processing';

/** The vehicle's videos; asked again every 2 s while one is on its way, for the progress bar and its end. */
export function useVideoSiteVideos(contentId: string) {
  return useQuery({
    queryKey: videoSharingKeys.videos(contentId),
    queryFn: () => apiGet<Items>(site(contentId)),
    refetchInterval: (query) => (query.state.data?.items.some(onItsWay) ? 2000 : false),
  });
}

function useVideoWrite<A, R>(contentId: string, write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: videoSharingKeys.videos(contentId) }),
  });
}

export function useVideoSiteUpload(contentId: string) {
  return useVideoWrite(contentId, (body: VideoSiteUploadBody) =>
    send<VideoSiteVideoAnswer>(site(contentId), 'POST', body),
  );
}

export function useVideoSiteUpdate(contentId: string) {
  return useVideoWrite(contentId, ({ id, body }: { id: string; body: VideoSiteUpdateBody }) =>
    send<VideoSiteVideoAnswer>(`${site(contentId)}/${seg(id)}`, 'POST', body),
  );
}

export function useVideoSiteThumbnail(contentId: string) {
  return useVideoWrite(contentId, ({ id, file }: { id: string; file: File }) =>
    uploadFile<VideoSiteVideoAnswer>(`${site(contentId)}/${seg(id)}/thumbnail`, { file, errors: 'silent' }),
  );
}

export function useVideoSiteResume(contentId: string) {
  return useVideoWrite(contentId, (id: string) =>
    send<VideoSiteVideoAnswer>(`${site(contentId)}/${seg(id)}/resume`, 'POST'),
  );
}

export function useVideoSiteDelete(contentId: string) {
  return useVideoWrite(contentId, (id: string) => send<Items>(`${site(contentId)}/${seg(id)}`, 'DELETE'));
}

export function useVideoSiteReorder(contentId: string) {
  return useVideoWrite(contentId, (ids: string[]) => send<Items>(`${site(contentId)}/order`, 'POST', { ids }));
}
