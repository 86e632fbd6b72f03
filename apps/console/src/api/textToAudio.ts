import type { TextToAudioPreviewBody, TextToAudioVoicesAnswer } from '@spinyard/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';

/** `GET /texttoaudio/voices`: the playback languages, their voices and the text bounds (the same for everyone). */
export function useSpeechVoices() {
  return useQuery({
    queryKey: ['texttoaudio', 'voices'],
    queryFn: () => apiGet<TextToAudioVoicesAnswer>(`${CONTENT_API_BASE}/texttoaudio/voices`, { errors: 'silent' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /texttoaudio/preview`: the text spoken as an mp3, made on the server, kept only in this browser. */
export function useSpeechPreview() {
  return useMutation({
    mutationFn: async (body: TextToAudioPreviewBody) => {
      const answer = await apiRequest<Blob>(`${CONTENT_API_BASE}/texttoaudio/preview`, {
        method: 'POST',
        json: body,
        as: 'blob',
        errors: 'silent',
      });
      return answer.data;
    },
  });
}
