import { expect } from 'vitest';
import { requestAccessToken, type Suite } from './harness/fixtures.ts';

/**
 * The account API as the browser tests use it to set the scene: a JSON call with a bearer token (GET without a
 * body, POST with one), and the accounts a journey starts from.
 */

export interface ApiAnswer {
  status: number;
  data: unknown;
}

export async function api(url: string, token: string, body?: unknown): Promise<ApiAnswer> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, data: await response.json().catch(() => null) };
}

/** The id of the first domain of master's list: the product's own (localhost), the only one at first. */
export async function firstDomainId(suite: Suite, masterToken: string): Promise<string> {
  const domains = await api(`${suite.server.baseUrl}/v1/domain`, masterToken);
  const id = (domains.data as { items?: { id: string }[] } | null)?.items?.[0]?.id;
  expect(id, JSON.stringify(domains.data)).toBeTruthy();
  return id ?? '';
}

export interface NewAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * A super user of the product's domain, already active: master registers it and turns it on directly (activation
 * by mail has its own tests). Answers the user's id.
 */
export async function activeSuperUser(suite: Suite, account: NewAccount): Promise<string> {
  const { baseUrl } = suite.server;
  const master = await requestAccessToken(suite);
  const domainId = await firstDomainId(suite, master);
  const created = await api(`${baseUrl}/v1/superusers`, master, { ...account, domain_id: domainId });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const id = (created.data as { user: { id: string } }).user.id;
  const enabled = await api(`${baseUrl}/v1/subordinates/${id}/status`, master, { status: 'active' });
  expect(enabled.status, JSON.stringify(enabled.data)).toBe(200);
  return id;
}
