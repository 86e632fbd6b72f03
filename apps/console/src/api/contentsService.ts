import type { ContentsServiceAnswer } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** GET /v1/contents-service: the signed-in user's service settings (first document, section 3). */
export type ContentsService = ContentsServiceAnswer;

export function fetchContentsService(): Promise<ContentsService> {
  return sessionCache.getOrLoad('contents_service', () => apiGet<ContentsService>('/v1/contents-service'));
}

export function useContentsService() {
  return useQuery({ queryKey: ['contents-service'], queryFn: fetchContentsService, staleTime: 5 * 60 * 1000 });
}
