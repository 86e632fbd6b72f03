import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { build, type TestApp, useTestApp } from './app.ts';
import { PASSWORD } from './factory.ts';

const t = useTestApp();

// The factory is what every other server test stands on: its rows must be ones the product itself accepts.
describe('test factory', () => {
  it('makes an active super user who signs in with the known password', async () => {
    const user = await t.make.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { grant_type: 'password', username: user.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await t.app.inject({
      url: '/v1/profile',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(profile.json().user).toMatchObject({ id: user.id, privilege_type: 'super', status: 'active' });
    expect(profile.json().domain).toMatchObject({ host: user.host });
  });

  it('gives every user its own e-mail and every tenant its own host', async () => {
    const tenant = await t.make.tenant();
    const users = await Promise.all([1, 2, 3].map(() => t.make.user({ tenant, privilege_type: 'admin' })));
    expect(new Set(users.map((u) => u.email)).size).toBe(3);
    expect(users.every((u) => u.domainId === tenant.domainId && u.companyId === tenant.companyId)).toBe(true);
    expect((await t.make.tenant()).host).not.toBe(tenant.host);
  });

  it('applies overridden columns', async () => {
    const user = await t.make.user({ privilege_type: 'admin', status: 'inactive', car_limit: 7, name: 'Aki' });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ privilege_type: 'admin', status: 'inactive', car_limit: 7, name: 'Aki' });
  });

  it('issues a session the API accepts, and one the sign-out ends', async () => {
    const user = await t.make.signedIn();
    expect((await t.app.inject({ url: '/v1/profile', headers: user.headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/token/revoke', payload: { token: user.token } });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await t.app.inject({ url: '/v1/profile', headers: user.headers })).statusCode).toBe(401);
  });

  it('makes master on the product domain', async () => {
    const master = await t.make.master();
    const profile = await t.app.inject({ url: '/v1/profile', headers: master.headers });
    expect(profile.json().user.privilege_type).toBe('master');
    expect(profile.json().domain.company_code).toBe('0006');
  });

  it('puts a group admin and its members in the group', async () => {
    const tenant = await t.make.tenant();
    const admin = await t.make.user({ tenant, privilege_type: 'admin' });
    const member = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    const group = await t.make.group({ tenant, admin, members: [member] });
    const rows = await t.db.selectFrom('users').select('group_id').where('id', 'in', [admin.id, member.id]).execute();
    expect(rows.map((r) => r.group_id)).toEqual([group.id, group.id]);
  });

  it('marks a domain deleting', async () => {
    const tenant = await t.make.tenant({ deleting: true });
    const row = await t.db
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', tenant.domainId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('deleting');
    expect(row.deletion_requested_at).toBeInstanceOf(Date);
  });
});

describe('the test cluster', () => {
  it('runs without waiting for the disk (global-setup passes its settings to the launcher)', async () => {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      const { rows } = await sql.raw<Record<string, string>>(`SHOW ${setting}`).execute(t.db);
      expect(rows[0]?.[setting], setting).toBe('off');
    }
  });
});

describe('build(context)', () => {
  it('builds an app of its own for one test and closes it when the test finishes', async (context) => {
    let own: TestApp | undefined;
    // Registered first, so it runs last (onTestFinished hooks run in reverse): after build's own close.
    context.onTestFinished(async () => {
      await expect(own?.db.selectFrom('users').select('id').execute()).rejects.toThrow();
    });
    own = await build(context);
    expect((await own.app.inject('/healthz')).statusCode).toBe(200);
    expect(own.databaseUrl).not.toBe(t.databaseUrl);
  });
});
