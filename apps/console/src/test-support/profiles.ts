import { noOptions } from '@spinyard/domain/testing';
import type { Profile } from '../api/profile.ts';

/** A profile as GET /v1/profile answers it, with the parts a test cares about overridden. */
export function profileFixture(overrides: {
  user?: Partial<Profile['user']>;
  domain?: Partial<Profile['domain']>;
  options?: Partial<Profile['domain']['options']>;
  company?: Profile['company'];
  cs_joined?: boolean;
}): Profile {
  const base: Profile = {
    user: {
      id: '1',
      email: 'sato@example.com',
      name: '佐藤 花子',
      first_name: '花子',
      last_name: '佐藤',
      display_name: '佐藤 花子',
      privilege_type: 'admin',
      status: 'active',
      company_section: '営業部',
      is_pay_by_credit: false,
      two_step_auth: false,
      last_login_at: null,
      service_ends_at: null,
    },
    domain: {
      host: 'dealer.example.com',
      company_code: '0008',
      service_name: 'Spinyard',
      host_flags: [],
      is_product_domain: false,
      // The menu's tests' tenant with no option on (users may be added), and a car dealer's.
      options: { ...noOptions, analytics_tag: false, content_style: 'car' },
    },
    company: { id: '10', name: '株式会社サンプル自動車' },
    cs_joined: false,
  };
  return {
    ...base,
    user: { ...base.user, ...overrides.user },
    domain: { ...base.domain, ...overrides.domain, options: { ...base.domain.options, ...overrides.options } },
    company: overrides.company === undefined ? base.company : overrides.company,
    ...(overrides.cs_joined === undefined ? {} : { cs_joined: overrides.cs_joined }),
  };
}
