import type { AudioLibraryAnswer, LibraryTrackAnswer } from '@spinyard/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/** The audio library (`/audio-library`): the product's music and the domain's own uploads. */

export interface AudioLibraryFilters {
  q: string;
  genre: string;
  mood: string;
  tempo_min: string;
  tempo_max: string;
  page: number;
  limit: number;
}

const PATH = `${CONTENT_API_BASE}/audio-library`;
export const audioLibraryKeys = { all: ['audio-library'] as const };
/** While the product's tracks are being made on first use, the list is read again this often to show progress. */
const PREPARING_POLL_MS = 5000;

export function useAudioLibrary(filters: AudioLibraryFilters) {
  const query = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  for (const key of ['q', 'genre', 'mood', 'tempo_min', 'tempo_max'] as const) {
    if (filters[key].trim() !== '') query.set(key, filters[key].trim());
  }
  return useQuery({
    queryKey: [...audioLibraryKeys.all, query.toString()],
    queryFn: () => apiGet<AudioLibraryAnswer>(`${PATH}?${query}`, { errors: 'silent' }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const library = q.state.data?.library;
      return library && library.ready < library.total ? PREPARING_POLL_MS : false;
    },
  });
}

export interface AudioUpload {
  file: File;
  title: string;
  genre: string;
  mood: string;
  tempo: string;
  onProgress?: (fraction: number) => void;
}

export function useUploadAudioTrack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, ...fields }: AudioUpload) =>
      uploadFile<LibraryTrackAnswer>(PATH, { file, fields, errors: 'silent', ...(onProgress ? { onProgress } : {}) }),
    onSuccess: () => client.invalidateQueries({ queryKey: audioLibraryKeys.all }),
  });
}

export function useDeleteAudioTrack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${PATH}/${id}`, { method: 'DELETE', errors: 'silent' }),
    onSuccess: () => client.invalidateQueries({ queryKey: audioLibraryKeys.all }),
  });
}
