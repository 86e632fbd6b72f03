import type { ProfileAnswer } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** GET /v1/profile: the signed-in user, their domain and company, as the domain package's contract says. */
export type Profile = ProfileAnswer;

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function fetchProfile(): Promise<Profile> {
  return sessionCache.getOrLoad('profile', () => apiGet<Profile>('/v1/profile'));
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, staleTime: 5 * 60 * 1000 });
}
