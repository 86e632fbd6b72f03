import type { Locale, MovieMailAnswer, MovieMailBody, MovieMailPage, PageQuery } from '@spinyard/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';

/**
 * Movie mail (`/send_mail`, content API): send a vehicle's promo link to buyers, the mail history, resend and
 * delete. The send is silent (its dialog shows refusals beside the fields); the history's writes use the catalogue.
 */

const BASE = `${CONTENT_API_BASE}/send_mail`;
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const movieMailKeys = {
  all: ['send_mail'] as const,
  page: (query: PageQuery & { content_id?: string }) => ['send_mail', 'page', query] as const,
};

export function useMovieMails(query: PageQuery & { content_id?: string }) {
  return useQuery({
    queryKey: movieMailKeys.page(query),
    queryFn: () =>
      apiGet<MovieMailPage>(BASE, { query: { page: query.page, limit: query.limit, content_id: query.content_id } }),
    placeholderData: keepPreviousData,
  });
}

/** After a send, resend or delete: every page of the history is asked again. */
function useHistoryWrite<A>(write: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: movieMailKeys.all }),
  });
}

export function useSendMovieMail() {
  return useHistoryWrite(
    async (body: MovieMailBody) =>
      (await apiRequest<MovieMailAnswer>(BASE, { method: 'POST', json: body, errors: 'silent' })).data,
  );
}

export function useResendMovieMail() {
  return useHistoryWrite(
    async ({ id, language }: { id: string; language: Locale }) =>
      (await apiRequest<MovieMailAnswer>(`${one(id)}/resend`, { method: 'POST', json: { language } })).data,
  );
}

export function useDeleteMovieMail() {
  return useHistoryWrite(async (id: string) => {
    await apiRequest<null>(one(id), { method: 'DELETE' });
  });
}
