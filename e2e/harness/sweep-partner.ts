import { expect } from 'vitest';
import { api } from '../api.ts';
import { type ApiSession, apiSignIn } from '../contents-api.ts';
import type { Suite } from './fixtures.ts';

const PARTNER = { email: 'sweep-partner@example.com', password: 'Sweep-partner-2025', name: 'Sato' } as const;

/**
 * The partner screens of the sweep (PARTNER_PAGES) show only on a dealer-brand host or a listing-partner tenant: the
 * scene's listing-partner tenant, its super user and a location, and that user's session. The user signs in on the
 * product's host (any user may: the sign-in host rule); names are the sweep's other data ('Sato Motors', 'Sato'), so
 * the language check passes them.
 */
export async function seedPartner(suite: Suite, masterAccess: string): Promise<ApiSession> {
  const { baseUrl } = suite.server;
  const domain = await api(`${baseUrl}/v1/domain`, masterAccess, {
    host: 'sweep-partner.example.com',
    company_code: '0021',
    service_name: 'Sato Motors',
    host_flags: ['listing_partner'],
    super_user: { email: 'sweep-partner-owner@example.com', name: 'Sato' },
  });
  expect(domain.status, JSON.stringify(domain.data)).toBe(201);
  const domainId = (domain.data as { id: string }).id;
  const created = await api(`${baseUrl}/v1/superusers`, masterAccess, { ...PARTNER, domain_id: domainId });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const userId = (created.data as { user: { id: string } }).user.id;
  await api(`${baseUrl}/v1/subordinates/${userId}/status`, masterAccess, { status: 'active' });
  const partner = await apiSignIn(suite, PARTNER.email, PARTNER.password, {
    device: 'Chrome on Linux',
    application: 'spinyard-console',
  });
  const hq = await api(`${baseUrl}/v1/headquarters?limit=99999`, partner.access);
  const hqId = (hq.data as { items: { id: string }[] }).items[0]?.id;
  await api(`${baseUrl}/v1/branches`, partner.access, { name: 'Sato Motors', headquarters_id: hqId });
  return partner;
}
