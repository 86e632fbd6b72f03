import type {
  LegalAcceptBody,
  LegalDocumentAnswer,
  LegalEditAnswer,
  LegalKind,
  LegalLanguage,
  LegalStatusAnswer,
  LegalTexts,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';

/** Legal texts (`/v1/legal/*`): the public read, the master's drafts and versions, the caller's acceptance. */

export const legalKeys = {
  text: (kind: LegalKind, language: LegalLanguage) => ['legal', 'text', kind, language] as const,
  edit: (kind: LegalKind, domainId: string) => ['legal', 'edit', kind, domainId] as const,
  status: ['legal', 'status'] as const,
};

/** Public (no sign-in): the text in force on this host, in the language asked for or its fallback. */
export function useLegalText(kind: LegalKind, language: LegalLanguage) {
  return useQuery({
    queryKey: legalKeys.text(kind, language),
    queryFn: () =>
      apiGet<LegalDocumentAnswer>(`/v1/legal/${kind}`, { query: { lang: language }, auth: 'none', errors: 'silent' }),
  });
}

export function useLegalEdit(kind: LegalKind, domainId: string | null) {
  return useQuery({
    queryKey: legalKeys.edit(kind, domainId ?? ''),
    queryFn: () => apiGet<LegalEditAnswer>(`/v1/legal/${kind}/edit`, { query: { domain_id: domainId ?? '' } }),
    enabled: domainId !== null,
  });
}

/** Both writes answer the text's whole edit view, which becomes the cached one. */
function useLegalWrite(kind: LegalKind, domainId: string, path: 'draft' | 'publish') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (texts: LegalTexts | undefined) =>
      (
        await apiRequest<LegalEditAnswer>(`/v1/legal/${kind}/${path}`, {
          method: 'POST',
          json: texts ? { domain_id: domainId, texts } : { domain_id: domainId },
          errors: 'silent',
        })
      ).data,
    onSuccess: (answer) => {
      client.setQueryData(legalKeys.edit(kind, domainId), answer);
      void client.invalidateQueries({ queryKey: ['legal', 'text', kind] });
    },
  });
}

export const useSaveLegalDraft = (kind: LegalKind, domainId: string) => useLegalWrite(kind, domainId, 'draft');
export const usePublishLegal = (kind: LegalKind, domainId: string) => useLegalWrite(kind, domainId, 'publish');

/** The texts published since the caller last accepted; a failure asks nothing (the gate never locks anyone out). */
export function useLegalStatus() {
  return useQuery({
    queryKey: legalKeys.status,
    queryFn: () => apiGet<LegalStatusAnswer>('/v1/legal-acceptance', { errors: 'silent' }),
    retry: false,
  });
}

export function useAcceptLegal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LegalAcceptBody) =>
      (await apiRequest<LegalStatusAnswer>('/v1/legal-acceptance', { method: 'POST', json: body, errors: 'silent' }))
        .data,
    onSuccess: (answer) => client.setQueryData(legalKeys.status, answer),
  });
}
