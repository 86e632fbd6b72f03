import type { DomainOptionFlags, HostFlag, PrivilegeType } from '@spinyard/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { sessionCache } from './sessionCache.ts';

/** GET /v1/profile (docs/contracts-foundation.md). */
export interface Profile {
  user: {
    id: string;
    email: string;
    name: string;
    first_name: string;
    last_name: string;
    display_name: string;
    privilege_type: PrivilegeType;
    status: string;
    company_section: string;
    is_pay_by_credit: boolean;
    two_step_auth: boolean;
    last_login_at?: string | null;
    /** When a cancelled contract's service ends; null otherwise. */
    service_ends_at?: string | null;
  };
  domain: {
    host: string;
    company_code: string;
    service_name: string;
    host_flags: HostFlag[];
    options: DomainOptionFlags & { content_style?: 'car' | 'bike' };
    /** Whether this is the product's own domain (decides "product-branded user"); absent means no. */
    is_product_domain?: boolean;
  };
  company: { id: string; name: string } | null;
  /** Joined to the listing site (image-system user cs_join); absent until the listing area exists. */
  cs_joined?: boolean;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function fetchProfile(): Promise<Profile> {
  return sessionCache.getOrLoad('profile', () => apiGet<Profile>('/v1/profile'));
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, staleTime: 5 * 60 * 1000 });
}
