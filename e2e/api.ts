import { tokeniseLocalCard } from '@spinyard/domain';
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

/** Master sets options of the product's domain (the first one), as the domain screen does. */
export async function setProductOptions(suite: Suite, options: Record<string, unknown>): Promise<void> {
  const master = await requestAccessToken(suite);
  const domainId = await firstDomainId(suite, master);
  const set = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master, { options });
  expect(set.status, JSON.stringify(set.data)).toBeLessThan(300);
}

export interface NewAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * A super user of the product's domain (or of `domainId`), already active: master registers it and turns it on
 * directly (activation by mail has its own tests). Answers the user's id.
 */
export async function activeSuperUser(suite: Suite, account: NewAccount, inDomain?: string): Promise<string> {
  const { baseUrl } = suite.server;
  const master = await requestAccessToken(suite);
  const domainId = inDomain ?? (await firstDomainId(suite, master));
  const created = await api(`${baseUrl}/v1/superusers`, master, { ...account, domain_id: domainId });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const id = (created.data as { user: { id: string } }).user.id;
  const enabled = await api(`${baseUrl}/v1/subordinates/${id}/status`, master, { status: 'active' });
  expect(enabled.status, JSON.stringify(enabled.data)).toBe(200);
  return id;
}

/** A monthly plan master offers at sign-up (`POST /v1/plans`), in yen unless told. */
export async function offerPlan(
  baseUrl: string,
  masterAccess: string,
  plan: { id: string; name: string; amount: number; currency?: 'jpy' | 'usd'; vehicle_limit?: number },
): Promise<void> {
  const made = await api(`${baseUrl}/v1/plans`, masterAccess, {
    currency: 'jpy',
    vehicle_limit: 10,
    ...plan,
    interval: 'month',
    statement_descriptor: 'SPINYARD',
    status: 'active',
    enabled: true,
    shown: true,
  });
  if (made.status !== 201) throw new Error(`plan: ${JSON.stringify(made.data)}`);
}

/**
 * A dealer who registered on the product's domain (`POST /v1/superusers-create`) and paid the plan's first period
 * with the local gateway's good test card, tokenised here as the console's card form does: active at once.
 */
export async function registerPayingDealer(
  baseUrl: string,
  dealer: { email: string; password: string; name: string; company_name: string },
  planId: string,
): Promise<void> {
  const card = tokeniseLocalCard({ number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' });
  if (!card.ok) throw new Error('the test card did not tokenise');
  const response = await fetch(`${baseUrl}/v1/superusers-create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...dealer,
      accept_terms: true,
      purchase: { plan_id: planId, request_id: crypto.randomUUID(), card_token: card.token },
    }),
  });
  const registered = (await response.json()) as { status?: string };
  if (registered.status !== 'active') throw new Error(`dealer: ${JSON.stringify(registered)}`);
}
