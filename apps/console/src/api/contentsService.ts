import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** GET /v1/contents-service: the signed-in user's service settings (first document, section 3). */
export interface ContentsService {
  is_pay_by_credit: boolean;
  web_negotiation: boolean;
  web_negotiation_max_time: number;
  web_negotiation_limit_interval: 'year' | 'month' | 'week' | 'day';
  exterior_develop_view: boolean;
  option_data: boolean;
  is_user_add: boolean;
}

export function fetchContentsService(): Promise<ContentsService> {
  return sessionCache.getOrLoad('contents_service', () => apiGet<ContentsService>('/v1/contents-service'));
}

export function useContentsService() {
  return useQuery({ queryKey: ['contents-service'], queryFn: fetchContentsService, staleTime: 5 * 60 * 1000 });
}
