import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Tenant isolation of the listing link: every `/cs/...` call and `/users/cs_autojoin` act on the caller's own
 * partner account and links (another tenant's dealer, joined and signed in with the local partner, sees none of
 * a's), and a link, unlink or read of another tenant's vehicle answers 404 and changes nothing.
 */

const t = useTestApp();
let a: SignedInUser;
let b: SignedInUser;
let vehicle: string;

const as = (who: SignedInUser, method: InjectOptions['method'], url: string, payload?: object) =>
  call(t.app, who.contentToken, method, url, payload);

beforeAll(async () => {
  const joined = { domain: { options: { listing_link: true } }, image_system: JSON.stringify({ cs_join: true }) };
  a = await t.make.signedIn(joined);
  b = await t.make.signedIn(joined);
  [vehicle] = (await t.make.vehicles(a, { fields: { listing_id: 'ISO-1', has_exterior: true } })) as [string];
  for (const who of [a, b]) {
    const res = await as(who, 'POST', `/api/browser/v0/cs/login`, {
      login_id: `login-${who.id}`,
      password: 'pw-123456',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const linked = await as(a, 'POST', `/api/browser/v0/cs/contents/register`, { content_ids: [vehicle] });
  expect(linked.json().items[0].state).toBe('linked');
});

describe('listing isolation', () => {
  it("answers 404 for another tenant's vehicle and leaves its link alone", async () => {
    for (const [method, url, body] of [
      ['POST', `/api/browser/v0/cs/contents/register`, { content_ids: [vehicle] }],
      ['POST', `/api/browser/v0/cs/contents/unregister`, { content_ids: [vehicle] }],
      ['GET', `/api/browser/v0/cs/contents/${vehicle}`],
    ] as [InjectOptions['method'], string, object?][]) {
      const res = await as(b, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(a, 'GET', `/api/browser/v0/cs/contents/${vehicle}`)).json().state).toBe('linked');
  });

  it('shows each dealer only their own account, links, log and figures', async () => {
    expect((await as(b, 'GET', `/api/browser/v0/cs/account`)).json().login_id).toBe(`login-${b.id}`);
    expect((await as(b, 'GET', `/api/browser/v0/cs/client-info`)).json().client_id).toBe(`login-${b.id}`);
    expect((await as(b, 'GET', `/api/browser/v0/cs/all`)).json()).toEqual({ total: 0, items: [] });
    expect((await as(b, 'GET', `/api/browser/v0/cs/log`)).json()).toEqual({ total: 0, items: [] });
    expect((await as(b, 'GET', `/api/browser/v0/cs/latest`)).json().counts.new).toBe(0);
    expect((await as(b, 'GET', `/api/browser/v0/cs/bukken?key=ISO-1`)).json().items).toHaveLength(1);
    expect((await as(b, 'GET', `/api/browser/v0/cs/corporate-list`)).json().items[0].corporation_code).toBe(
      `login-${b.id}`,
    );
    const report = await as(b, 'GET', `/api/browser/v0/cs/report/aggregate?from=2026-01-01&to=2026-01-03`);
    expect(report.json().days).toHaveLength(3);
    const auto = await as(b, 'POST', `/api/browser/v0/users/cs_autojoin`, { cs_autojoin: true });
    expect(auto.json()).toEqual({ cs_autojoin: true, queued: 0, queueing: false });
    expect((await as(a, 'GET', `/api/browser/v0/cs/all`)).json().total).toBe(1);
    expect((await as(b, 'POST', `/api/browser/v0/cs/logout`)).json().signed_in).toBe(false);
    expect((await as(a, 'GET', `/api/browser/v0/cs/account`)).json().signed_in).toBe(true);
  });
});

describe("listing isolation: the master's reports", () => {
  it("refuses another tenant's dealer the reports across dealers (master's only) and a's advertising", async () => {
    const q = `from=2026-01-01&to=2026-01-03&user_id=${a.id}`;
    for (const url of [
      `/api/browser/v0/cs/report/all?${q}`,
      `/api/browser/v0/cs/report/all/csv?${q}`,
      `/api/browser/v0/cs/report/accounts`,
      `/api/browser/v0/cs/report/criteo?${q}`,
      `/api/browser/v0/cs/report/criteo/csv?${q}`,
    ]) {
      expect((await as(b, 'GET', url)).statusCode, url).toBe(403);
    }
  });
});
