import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * The viewer's events: bounded per visitor (a flood from one visitor counts as the bound says), no address stored,
 * refused for vehicles buyers cannot see, sendBeacon's text/plain accepted, and a per-address rate limit.
 */

const t = useTestApp();
const PATH = '/api/viewer/v0/moments';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';
let owner: SignedInUser;
let published: string;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant(), privilege_type: 'super' });
  [published] = (await t.make.vehicles(owner, { publication: 'published' })) as [string];
});

function post(body: unknown, options: { ip?: string; ua?: string; type?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: PATH,
    remoteAddress: options.ip ?? '198.51.100.7',
    headers: { 'user-agent': options.ua ?? UA, 'content-type': options.type ?? 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function countOf(contentId: string, kind: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(count), 0)::int as n from statistic_counts
    where content_id = ${contentId} and kind = ${kind}`.execute(t.db);
  return rows[0]?.n ?? 0;
}

describe('the per-visitor bound', () => {
  it('counts one visitor posting 1,000 views once; another visitor counts again', async () => {
    const [id] = (await t.make.vehicles(owner, { publication: 'published' })) as [string];
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i += 1)
      statuses.add((await post({ content_id: id, kind: 'view' }, { ip: '203.0.113.9' })).statusCode);
    // The first ones answer 204; past the per-address rate limit the rest are refused with 429.
    expect([...statuses].sort()).toEqual([204, 429]);
    expect(await countOf(id, 'view')).toBe(1);
    expect((await post({ content_id: id, kind: 'view' }, { ip: '203.0.113.10' })).statusCode).toBe(204);
    expect(await countOf(id, 'view')).toBe(2);
  });

  it('counts at most five spins of one visitor, concurrent or not', async () => {
    const [id] = (await t.make.vehicles(owner, { publication: 'published' })) as [string];
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => post({ content_id: id, kind: 'spin' }, { ip: '203.0.113.20' })),
    );
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);
    expect(await countOf(id, 'spin')).toBe(5);
  });
});

describe('what is stored', () => {
  it('keeps no address or user agent in clear in any statistics table', async () => {
    const ip = '192.0.2.123';
    expect((await post({ content_id: published, kind: 'interior_open' }, { ip })).statusCode).toBe(204);
    expect(await countOf(published, 'interior_open')).toBe(1);
    const hexIp = Buffer.from(ip).toString('hex');
    for (const table of ['statistic_counts', 'statistic_visitors', 'statistic_secrets']) {
      const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(t.db);
      const text = rows.map((r) => r.row).join('\n');
      expect(text).not.toContain(ip);
      expect(text).not.toContain(hexIp);
      expect(text).not.toContain('iPhone');
    }
    const { rows } = await sql<{ key: Buffer }>`select visitor_key as key from statistic_visitors`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key.length).toBe(16);
  });
});

describe('refusals', () => {
  it.each(['unpublished', 'sleeping', 'deleted'] as const)('refuses a %s vehicle and counts nothing', async (state) => {
    const [id] = (await t.make.vehicles(owner, { publication: state })) as [string];
    const res = await post({ content_id: id, kind: 'view' }, { ip: '198.51.100.40' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await countOf(id, 'view')).toBe(0);
  });

  it('refuses a vehicle that does not exist, a bad kind and a body that is not JSON', async () => {
    expect((await post({ content_id: '999999999', kind: 'view' })).statusCode).toBe(404);
    const bad = await post({ content_id: published, kind: 'click' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('kind');
    expect((await post('not json', { type: 'text/plain;charset=UTF-8' })).statusCode).toBe(400);
  });
});

describe('the beacon', () => {
  it("takes navigator.sendBeacon's text/plain body and answers any origin", async () => {
    const [id] = (await t.make.vehicles(owner, { publication: 'limited_public' })) as [string];
    const res = await post(JSON.stringify({ content_id: id, kind: 'hotspot_open', hotspot_id: '5' }), {
      type: 'text/plain;charset=UTF-8',
      ip: '198.51.100.50',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countOf(id, 'hotspot_open')).toBe(1);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: PATH,
      headers: { origin: 'https://dealer.example' },
    });
    expect(preflight.statusCode).toBe(204);
  });
});
