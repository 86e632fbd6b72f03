import type {
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
    uploadFile<SliderItemAnswer>(`${base(contentId)}/images`, {
      file: args.file,
      fields: { category: args.fields.category, caption: args.fields.caption ?? '' },
      errors: 'silent',
      ...(args.onProgress ? { onProgress: args.onProgress } : {}),
      ...(args.signal ? { signal: args.signal } : {}),
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

// ---- Original content videos --------------------------------------------------------------------------------

export function useOriginalMovies(contentId: string) {
  return useQuery({
    queryKey: sliderKeys.movies(contentId),
    queryFn: () => apiGet<OriginalMoviesAnswer>(`${base(contentId)}/movies`),
  });
}

export function useAddOriginalMovie(contentId: string) {
  return useAreaWrites(sliderKeys.movies(contentId), (args: FileUpload) =>
    uploadFile<OriginalMovieAnswer>(`${base(contentId)}/movies`, {
      file: args.file,
      errors: 'silent',
      ...(args.onProgress ? { onProgress: args.onProgress } : {}),
      ...(args.signal ? { signal: args.signal } : {}),
    }),
  );
}

export function useDeleteOriginalMovie(contentId: string) {
  return useAreaWrites(
    sliderKeys.movies(contentId),
    (id: string) => send<OriginalMoviesAnswer>(`${base(contentId)}/movies/${seg(id)}`, 'DELETE'),
    (answer) => answer,
  );
}

export function useReorderOriginalMovies(contentId: string) {
  return useAreaWrites(
    sliderKeys.movies(contentId),
    (body: MediaOrderBody) => send<OriginalMoviesAnswer>(`${base(contentId)}/movies/order`, 'POST', body),
    (answer) => answer,
  );
}

// ---- Rider view ---------------------------------------------------------------------------------------------

export function useRiderView(contentId: string) {
  return useQuery({
    queryKey: sliderKeys.riderView(contentId),
    queryFn: () => apiGet<RiderViewAnswer>(`${base(contentId)}/rider-view`),
  });
}

export function useAddRiderViewImage(contentId: string) {
  return useAreaWrites(sliderKeys.riderView(contentId), (args: FileUpload) =>
    uploadFile<RiderViewImageAnswer>(`${base(contentId)}/rider-view`, {
      file: args.file,
      errors: 'silent',
      ...(args.onProgress ? { onProgress: args.onProgress } : {}),
      ...(args.signal ? { signal: args.signal } : {}),
    }),
  );
}

export function useDeleteRiderViewImage(contentId: string) {
  return useAreaWrites(
    sliderKeys.riderView(contentId),
    (id: string) => send<RiderViewAnswer>(`${base(contentId)}/rider-view/${seg(id)}`, 'DELETE'),
    (answer) => answer,
  );
}

export function useReorderRiderView(contentId: string) {
  return useAreaWrites(
    sliderKeys.riderView(contentId),
    (body: MediaOrderBody) => send<RiderViewAnswer>(`${base(contentId)}/rider-view/order`, 'POST', body),
    (answer) => answer,
  );
}
