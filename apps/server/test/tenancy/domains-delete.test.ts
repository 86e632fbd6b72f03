import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainPurgeJob } from '../../src/modules/tenancy/jobs.ts';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import { domainBody, nextCompanyCode, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { tenantSnapshot } from '../helpers/snapshot.ts';
import { createDomain } from './create-domain.ts';

const t = useTestApp();
let master: SignedInUser;

beforeAll(async () => {
  master = await t.make.master();
});

/** What the nightly job does at 03:00, run now. */
async function runNightlyDeletion() {
  const handler = domainPurgeJob.handlerFor({ db: t.db, store: createDiskBlobStore(`${t.dir}/media`) });
  return handler({}, { id: 'test', retryCount: 0 });
}

describe('POST /v1/domain-update', () => {
  it('applies one option set to several domains, each keeping its other options', async () => {
    const a = await createDomain(t, master, { options: { exterior_size: '4k' } });
    const b = await createDomain(t, master);
    const res = await call(t.app, master.token, 'POST', '/v1/domain-update', {
      domain_ids: [a.domain.id, b.domain.id],
      options: { web_negotiation: true, web_negotiation_max_time: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(2);
    const readA = (await call(t.app, master.token, 'GET', `/v1/domain/${a.domain.id}`)).json();
    const readB = (await call(t.app, master.token, 'GET', `/v1/domain/${b.domain.id}`)).json();
    expect(readA.options).toMatchObject({ web_negotiation: true, web_negotiation_max_time: 60, exterior_size: '4k' });
    expect(readB.options).toMatchObject({
      web_negotiation: true,
      web_negotiation_max_time: 60,
      exterior_size: 'full_hd',
    });
  });

  it('changes nothing when one domain refuses the change', async () => {
    const host = 'bulk-full.example.test';
    const owner = await t.make.signedIn({ privilege_type: 'super', domain: { host, companyCode: nextCompanyCode() } });
    await t.make.vehicles({ id: owner.id, domainId: owner.domainId }, { count: 2 });
    const empty = await createDomain(t, master);
    const before = [
      await tenantSnapshot(t.db, 'domains', owner.domainId),
      await tenantSnapshot(t.db, 'domains', empty.domain.id),
    ];

    const res = await call(t.app, master.token, 'POST', '/v1/domain-update', {
      domain_ids: [empty.domain.id, owner.domainId],
      options: { vehicle_limit: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('domain_limit_below_registered');
    expect([
      await tenantSnapshot(t.db, 'domains', owner.domainId),
      await tenantSnapshot(t.db, 'domains', empty.domain.id),
    ]).toEqual(before);

    const unknown = await call(t.app, master.token, 'POST', '/v1/domain-update', {
      domain_ids: [empty.domain.id, '999999999'],
      options: { short_url: false },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'domain_not_registered',
      fields: [expect.objectContaining({ field: 'domain_ids.1' })],
    });
    const nothing = await call(t.app, master.token, 'POST', '/v1/domain-update', { domain_ids: [empty.domain.id] });
    expect(nothing.statusCode).toBe(422);
  });
});

describe('DELETE /v1/domain/{id} and the nightly deletion', () => {
  it('keeps the host refused as deleting until the nightly job has run, then lets it be registered again', async () => {
    const host = 'leaving.example.test';
    const code = nextCompanyCode();
    const tenant = await t.make.tenant({ host, companyCode: code });
    const user = await t.make.signedIn({ tenant, privilege_type: 'super' });
    await t.make.vehicles({ id: user.id, domainId: user.domainId }, { count: 2 });
    await t.make.group({ tenant, name: 'Team', admin: user });
    // A custom design's icon, kept under the domain's own prefix.
    const store = createDiskBlobStore(`${t.dir}/media`);
    const icon = `designs/${user.domainId}/icons/${'a'.repeat(64)}.png`;
    await store.put(icon, Buffer.from('png'));

    const res = await call(t.app, master.token, 'DELETE', `/v1/domain/${user.domainId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'deleting', deletion_requested_at: expect.any(String) });

    // Its users are signed out at once, and the host no longer resolves to the tenant.
    expect((await call(t.app, user.token, 'GET', '/v1/profile')).statusCode).toBe(401);
    expect((await call(t.app, undefined, 'GET', `/v1/companycode/${host}`)).json()).toEqual({
      company_code: '0006',
      service_name: '',
      has_logo: true,
    });

    const again = await call(t.app, master.token, 'POST', '/v1/domain', domainBody({ host }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('domain_deleting');
    expect((await call(t.app, master.token, 'GET', `/v1/domain/duplicate-check/${host}`)).json()).toMatchObject({
      available: false,
      reason: 'domain_deleting',
    });
    const edit = await call(t.app, master.token, 'POST', `/v1/domain/${user.domainId}`, {
      options: { short_url: false },
    });
    expect(edit.json().error.code).toBe('domain_deleting');
    // Asking twice keeps the first request's time.
    const twice = await call(t.app, master.token, 'DELETE', `/v1/domain/${user.domainId}`);
    expect(twice.json().deletion_requested_at).toBe(res.json().deletion_requested_at);

    expect(await runNightlyDeletion()).toBe('success');
    expect(await store.exists(icon)).toBe(false);

    for (const table of ['domains', 'companies', 'users', 'contents', 'groups'] as const) {
      const column = table === 'domains' ? 'id' : 'domain_id';
      const rows = await t.db.selectFrom(table).select('id').where(column, '=', user.domainId).execute();
      expect(rows, table).toEqual([]);
    }
    const reused = await call(t.app, master.token, 'POST', '/v1/domain', domainBody({ host, company_code: code }));
    expect(reused.statusCode, reused.body).toBe(201);
    // Nothing left to do: the job reports it skipped.
    expect(await runNightlyDeletion()).toBe('skipped');
  });

  it("refuses to delete the product's own domain", async () => {
    const res = await call(t.app, master.token, 'DELETE', `/v1/domain/${master.domainId}`);
    expect(res.statusCode).toBe(403);
    const row = await t.db.selectFrom('domains').select('status').where('id', '=', master.domainId).executeTakeFirst();
    expect(row?.status).toBe('active');
  });

  it('is enqueued by the job registry at 03:00 Asia/Tokyo, and not at another minute', async () => {
    const jobsAt = async (instant: string) => {
      const runner = createJobRunner({
        boss: createBoss(t.databaseUrl),
        definitions: [domainPurgeJob],
        handlers: { [domainPurgeJob.name]: async () => 'skipped' },
        log: () => undefined,
        now: () => Date.parse(instant),
      });
      try {
        await runner.start({ work: false });
      } finally {
        await runner.stop();
      }
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'tenancy.purge-deleted-domains'`.execute(t.db);
      return rows[0]?.n;
    };
    // 03:01 in Tokyo (18:01 UTC the day before): nothing; 03:00: the night's one job.
    expect(await jobsAt('2026-11-29T18:01:10Z')).toBe(0);
    expect(await jobsAt('2026-11-29T18:00:10Z')).toBe(1);
  });
});

describe('domain routes are for master only', () => {
  it('refuses super, admin and normal users on every domain route and changes nothing', async () => {
    const host = 'not-master.example.test';
    const code = nextCompanyCode();
    const tenant = await t.make.tenant({ host, companyCode: code });
    const users = [
      await t.make.signedIn({ tenant, privilege_type: 'super' }),
      await t.make.signedIn({ tenant, privilege_type: 'admin' }),
      await t.make.signedIn({ tenant, privilege_type: 'normal' }),
    ];
    const target = await createDomain(t, master);
    const id = target.domain.id;
    const before = await tenantSnapshot(t.db, 'domains', id);
    const own = users[0]!.domainId;
    const ownBefore = await tenantSnapshot(t.db, 'domains', own);
    const countDomains = async () => (await t.db.selectFrom('domains').select('id').execute()).length;
    const domainCount = await countDomains();
    const requests: [string, string, unknown?][] = [
      ['GET', '/v1/domain'],
      ['POST', '/v1/domain', domainBody()],
      ['GET', `/v1/domain/search/${target.body.company_code}`],
      ['GET', `/v1/domain/duplicate-check/${target.body.host}`],
      ['GET', `/v1/domain/max-contents/${id}`],
      ['GET', `/v1/domain/max-contents/${own}`],
      ['GET', `/v1/domain/code/${target.body.company_code}`],
      ['GET', `/v1/domain/${id}`],
      ['POST', `/v1/domain/${id}`, { options: { web_negotiation: true } }],
      ['POST', `/v1/domain/${own}`, { options: { web_negotiation: true } }],
      ['POST', '/v1/domain-update', { domain_ids: [id, own], options: { web_negotiation: true } }],
      ['POST', `/v1/domain/${id}/logo`, { image: 'iVBORw0KGgo=' }],
      ['DELETE', `/v1/domain/${id}/logo`],
      ['DELETE', `/v1/domain/${id}`],
      ['DELETE', `/v1/domain/${own}`],
    ];
    for (const user of users) {
      for (const [method, url, payload] of requests) {
        const res = await call(t.app, user.token, method as 'GET', url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
    }
    expect(await tenantSnapshot(t.db, 'domains', id)).toBe(before);
    expect(await tenantSnapshot(t.db, 'domains', own)).toBe(ownBefore);
    expect(await countDomains()).toBe(domainCount);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t.app, undefined, 'GET', '/v1/domain')).statusCode).toBe(401);
  });
});
