import type {
  AudioTracksAnswer,
  MediaOrderBody,
  OriginalMovieAnswer,
  OriginalMoviesAnswer,
  RiderViewAnswer,
  RiderViewImageAnswer,
  SliderAnswer,
  SliderImageFields,
  SliderItemAnswer,
  SliderItemUpdateBody,
  VideoLinkBody,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * The slider area's calls (content API `/slider/{content_id}/...`): category images and video links in one order,
 * original content videos, and a bike's rider view. Writes are silent (the panels show a refusal beside what was
 * refused, with the file's name); each one refreshes only its own list, never the vehicle itself.
 */

const seg = encodeURIComponent;
const base = (contentId: string) => `${CONTENT_API_BASE}/slider/${seg(contentId)}`;

export const sliderKeys = {
  all: (contentId: string) => ['slider', contentId] as const,
  items: (contentId: string) => ['slider', contentId, 'items'] as const,
  movies: (contentId: string) => ['slider', contentId, 'movies'] as const,
  riderView: (contentId: string) => ['slider', contentId, 'rider-view'] as const,
};

async function send<T>(path: string, method: 'POST' | 'DELETE', json?: unknown): Promise<T> {
  return (await apiRequest<T>(path, { method, ...(json === undefined ? {} : { json }), errors: 'silent' })).data;
}

export interface FileUpload {
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A file sent to `path` (silent refusals), with its progress and its abort signal when given. */
function uploadTo<T>(path: string, args: FileUpload, fields?: Record<string, string>) {
  return uploadFile<T>(path, {
    file: args.file,
    ...(fields ? { fields } : {}),
    errors: 'silent',
    ...(args.onProgress ? { onProgress: args.onProgress } : {}),
    ...(args.signal ? { signal: args.signal } : {}),
  });
}

/** A list of the area with its writes: each write's answer or a refetch keeps the list current. */
function useAreaWrites<A, R>(key: readonly unknown[], write: (args: A) => Promise<R>, set?: (answer: R) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      if (set) client.setQueryData(key, set(answer));
      else await client.invalidateQueries({ queryKey: key });
    },
  });
}

// ---- Category images and video links ------------------------------------------------------------------------

export function useSlider(contentId: string) {
  return useQuery({
    queryKey: sliderKeys.items(contentId),
    queryFn: () => apiGet<SliderAnswer>(base(contentId)),
  });
}

export function useAddCategoryImage(contentId: string) {
  return useAreaWrites(sliderKeys.items(contentId), (args: FileUpload & { fields: SliderImageFields }) =>
    uploadTo<SliderItemAnswer>(`${base(contentId)}/images`, args, {
      category: args.fields.category,
      caption: args.fields.caption ?? '',
    }),
  );
}

export function useAddVideoLink(contentId: string) {
  return useAreaWrites(sliderKeys.items(contentId), (body: VideoLinkBody) =>
    send<SliderItemAnswer>(`${base(contentId)}/video-links`, 'POST', body),
  );
}

export function useUpdateSliderItem(contentId: string) {
  return useAreaWrites(sliderKeys.items(contentId), ({ id, body }: { id: string; body: SliderItemUpdateBody }) =>
    send<SliderItemAnswer>(`${base(contentId)}/items/${seg(id)}`, 'POST', body),
  );
}

export function useDeleteSliderItem(contentId: string) {
  return useAreaWrites(
    sliderKeys.items(contentId),
    (id: string) => send<SliderAnswer>(`${base(contentId)}/items/${seg(id)}`, 'DELETE'),
    (answer) => answer,
  );
}

export function useReorderSlider(contentId: string) {
  return useAreaWrites(
    sliderKeys.items(contentId),
    (body: MediaOrderBody) => send<SliderAnswer>(`${base(contentId)}/order`, 'POST', body),
    (answer) => answer,
  );
}

// ---- Original content videos and the rider view: a list of files each, added, deleted and reordered alike ----

/** Where a file list of the area lives: its query key and its path under the vehicle's slider. */
interface FileList {
  key: (contentId: string) => readonly unknown[];
  path: string;
}

const MOVIES: FileList = { key: sliderKeys.movies, path: 'movies' };
const RIDER_VIEW: FileList = { key: sliderKeys.riderView, path: 'rider-view' };
const listPath = (contentId: string, list: FileList) => `${base(contentId)}/${list.path}`;

function useFileList<List>(contentId: string, list: FileList) {
  return useQuery({ queryKey: list.key(contentId), queryFn: () => apiGet<List>(listPath(contentId, list)) });
}

function useAddToFileList<Item>(contentId: string, list: FileList) {
  return useAreaWrites(list.key(contentId), (args: FileUpload) => uploadTo<Item>(listPath(contentId, list), args));
}

function useDeleteFromFileList<List>(contentId: string, list: FileList) {
  return useAreaWrites(
    list.key(contentId),
    (id: string) => send<List>(`${listPath(contentId, list)}/${seg(id)}`, 'DELETE'),
    (answer) => answer,
  );
}

function useReorderFileList<List>(contentId: string, list: FileList) {
  return useAreaWrites(
    list.key(contentId),
    (body: MediaOrderBody) => send<List>(`${listPath(contentId, list)}/order`, 'POST', body),
    (answer) => answer,
  );
}

/** A file list read with its three writes, as its panel uses them. */
function useFiles<List, Item>(contentId: string, list: FileList) {
  return {
    list: useFileList<List>(contentId, list),
    add: useAddToFileList<Item>(contentId, list),
    remove: useDeleteFromFileList<List>(contentId, list),
    reorder: useReorderFileList<List>(contentId, list),
  };
}

export type FileListHooks<List, Item> = ReturnType<typeof useFiles<List, Item>>;

export const useOriginalMovies = (contentId: string) => useFileList<OriginalMoviesAnswer>(contentId, MOVIES);
export const useOriginalMovieFiles = (contentId: string) =>
  useFiles<OriginalMoviesAnswer, OriginalMovieAnswer>(contentId, MOVIES);

/** The sound tracks of one original video (read once: a stored video's tracks never change). */
export const useAudioTracks = (contentId: string, movieId: string) =>
  useQuery({
    queryKey: [...sliderKeys.movies(contentId), movieId, 'audio-tracks'] as const,
    queryFn: () => apiGet<AudioTracksAnswer>(`${listPath(contentId, MOVIES)}/${seg(movieId)}/audio-tracks`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRiderViewFiles = (contentId: string) =>
  useFiles<RiderViewAnswer, RiderViewImageAnswer>(contentId, RIDER_VIEW);
