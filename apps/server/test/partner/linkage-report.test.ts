import { LINK_ERROR_MESSAGES, LINKAGE_REPORT_HEADER } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * The linkage report with the listing tables (issue 22): each vehicle's link state, method, key, the partner's
 * property, its last failure (code, message, when), its last link and unlink, in the API's answer and in its CSV
 * (formula cells neutralised), for the key's domain only.
 */

const t = useTestApp();
const API = '/api/browser/v0';
const joined = { domain: { options: { listing_link: true } }, image_system: JSON.stringify({ cs_join: true }) };
const FORMULA = '=HYPERLINK("http://evil.test")';
let a: SignedInUser;
let b: SignedInUser;
let keyA: string;
let keyB: string;
const ids: Record<'linked' | 'unlinked' | 'failed' | 'refused' | 'none', string> = {} as never;
let otherLinked: string;

const report = (key: string, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/reporting/v0/${path}`, headers: { 'x-api-key': key } });

async function signedInAndLinked(who: SignedInUser, key: string, fields: Record<string, unknown> = {}) {
  const [id] = await t.make.vehicles(who, { fields: { listing_id: key, has_exterior: true, ...fields } });
  const res = await call(t.app, who.contentToken, 'POST', `${API}/cs/contents/register`, { content_ids: [id] });
  expect(res.statusCode, res.body).toBe(200);
  return id!;
}

beforeAll(async () => {
  a = await t.make.signedIn({ ...joined, privilege_type: 'super' });
  b = await t.make.signedIn({ ...joined, privilege_type: 'super' });
  for (const who of [a, b]) {
    const login = { login_id: `login-${who.id}`, password: 'pw-123456' };
    expect((await call(t.app, who.contentToken, 'POST', `${API}/cs/login`, login)).statusCode).toBe(200);
  }
  ids.linked = await signedInAndLinked(a, 'LR-1');
  ids.unlinked = await signedInAndLinked(a, 'LR-2');
  const off = await call(t.app, a.contentToken, 'POST', `${API}/cs/contents/unregister`, {
    content_ids: [ids.unlinked],
  });
  expect(off.json().items[0].state).toBe('not_linked');
  ids.failed = await signedInAndLinked(a, 'LR-3', { has_exterior: false, management_id: FORMULA });
  // A key longer than the partner takes: refused with its code 2095.
  ids.refused = await signedInAndLinked(a, `LR-${'9'.repeat(60)}`);
  [ids.none] = (await t.make.vehicles(a, { fields: { listing_id: 'LR-5' } })) as [string];
  otherLinked = await signedInAndLinked(b, 'LR-B');
  keyA = (await call(t.app, a.token, 'POST', '/v1/reporting-api-keys', { name: 'A' })).json().key;
  keyB = (await call(t.app, b.token, 'POST', '/v1/reporting-api-keys', { name: 'B' })).json().key;
});

describe('the linkage report', () => {
  it('answers each link as the listing tables hold it, unlinked and failed ones too', async () => {
    const res = await report(keyA, 'linkage-report');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const byId = new Map(body.items.map((i: { content_id: string }) => [i.content_id, i]));
    expect([...byId.keys()].sort()).toEqual([ids.linked, ids.unlinked, ids.failed, ids.refused].sort());
    expect(body.total).toBe(4);
    expect(byId.get(ids.linked)).toMatchObject({
      listing_link: 'linked',
      link_state: 'linked',
      link_method: 'manual',
      link_key: 'LR-1',
      property_code: 'LR-1',
      error_code: null,
      linked_at: expect.any(String),
      unlinked_at: null,
    });
    expect(byId.get(ids.unlinked)).toMatchObject({
      listing_link: 'none',
      link_state: 'not_linked',
      property_code: null,
      linked_at: expect.any(String),
      unlinked_at: expect.any(String),
    });
    expect(byId.get(ids.failed)).toMatchObject({
      link_state: 'error_image',
      error_code: null,
      error_message: LINK_ERROR_MESSAGES.error_image,
      error_at: expect.any(String),
    });
    expect(byId.get(ids.refused)).toMatchObject({ error_code: '2095', error_message: expect.any(String) });
    expect(body.counts).toMatchObject({ linked: 1, none: 1, error: 2 });
  });

  it('writes the same rows as CSV with formula cells neutralised', async () => {
    const res = await report(keyA, 'linkage-report.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(LINKAGE_REPORT_HEADER.join(','));
    expect(lines).toHaveLength(5);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines.some((l) => l.includes(ids.linked) && l.includes(',linked,linked,manual,LR-1,LR-1,'))).toBe(true);
    expect((await report(keyA, 'linkage-report.csv?month=2026-13')).statusCode).toBe(422);
  });

  it("reads only the key's domain", async () => {
    const other = await report(keyB, 'linkage-report');
    expect(other.json().items.map((i: { content_id: string }) => i.content_id)).toEqual([otherLinked]);
    const csv = await report(keyB, 'linkage-report.csv');
    for (const id of Object.values(ids)) expect(csv.body).not.toContain(`\r\n${id},`);
    expect(csv.body).toContain(`\r\n${otherLinked},`);
  });
});
