import type { ContentMovieKind, ContentMovieSettingsBody, ContentMoviesAnswer } from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/**
 * Content videos (issue 20; `/contents_movie/{content_id}`): the wizard's settings and opening image, and the three
 * movies (promo `slider`, spin `obvr`, interior `tour`) with their renders. Every write answers the whole record, so
 * each one puts its answer in the cache rather than asking again; writes are silent (the wizard shows a refusal on
 * the field it is about, in the user's language).
 *
 * The key lives under `['contents', ...]` so that the process socket, which makes every vehicle read stale when a
 * process ends (contentProgress.ts), also refreshes the movies when a render ends.
 */

const seg = encodeURIComponent;
const path = (contentId: string, rest = '') => `${CONTENT_API_BASE}/contents_movie/${seg(contentId)}${rest}`;

export const movieKeys = {
  all: ['contents', 'movies'] as const,
  detail: (contentId: string) => ['contents', 'movies', contentId] as const,
};

/** While a movie renders, the record is read again this often so its progress moves even without the socket. */
const RENDER_POLL_MS = 1000;

export const isRendering = (answer: ContentMoviesAnswer | undefined): boolean =>
  Boolean(answer?.movies.some((m) => m.status === 'rendering'));

/** `GET /contents_movie/{content_id}`: the settings, the opening image, the three movies and the limits. */
export function useContentMovies(contentId: string | undefined) {
  return useQuery({
    queryKey: movieKeys.detail(contentId ?? ''),
    queryFn: () => apiGet<ContentMoviesAnswer>(path(contentId ?? ''), { errors: 'silent' }),
    enabled: Boolean(contentId),
    refetchInterval: (query) => (isRendering(query.state.data) ? RENDER_POLL_MS : false),
    retry: false,
  });
}

/** A write whose answer is the whole record: put in the cache as it comes. */
function useMovieWrite<A>(contentId: string, write: (args: A) => Promise<ContentMoviesAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => client.setQueryData(movieKeys.detail(contentId), answer),
  });
}

async function send(url: string, method: 'POST' | 'DELETE', json?: unknown): Promise<ContentMoviesAnswer> {
  const options = { method, ...(json === undefined ? {} : { json }), errors: 'silent' as const };
  return (await apiRequest<ContentMoviesAnswer>(url, options)).data;
}

/** `POST .../settings`: the wizard's settings as they stand (saved as the dealer goes). */
export function useSaveMovieSettings(contentId: string) {
  return useMovieWrite(contentId, (body: ContentMovieSettingsBody) => send(path(contentId, '/settings'), 'POST', body));
}

/** `POST .../opening-image` (multipart), with its upload progress. */
export function useUploadOpeningImage(contentId: string) {
  return useMovieWrite(contentId, (args: { file: File; onProgress?: (fraction: number) => void }) =>
    uploadFile<ContentMoviesAnswer>(path(contentId, '/opening-image'), {
      file: args.file,
      errors: 'silent',
      ...(args.onProgress ? { onProgress: args.onProgress } : {}),
    }),
  );
}

export function useDeleteOpeningImage(contentId: string) {
  return useMovieWrite(contentId, () => send(path(contentId, '/opening-image'), 'DELETE'));
}

/** `POST .../{kind}`: starts a render (202); its progress comes in the record read while it renders. */
export function useStartMovie(contentId: string) {
  return useMovieWrite(contentId, (kind: ContentMovieKind) => send(path(contentId, `/${kind}`), 'POST'));
}

/** `DELETE .../{kind}`: the movie and its files (refused while it renders). */
export function useDeleteMovie(contentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (kind: ContentMovieKind) => {
      await apiRequest(path(contentId, `/${kind}`), { method: 'DELETE', errors: 'silent' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: movieKeys.detail(contentId) }),
  });
}
