import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { accountsService } from '../src/modules/accounts/service.ts';
import { openDatabase } from '../src/runtime.ts';
import { useTestApp } from './helpers/app.ts';
import { useTempDir } from './helpers/temp-dir.ts';

describe('a restarted app on the same database', () => {
  const t = useTestApp();

  it('keeps users and their sessions', async () => {
    const user = await t.make.user();
    const tokens = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        payload: { grant_type: 'password', username: user.email, password: user.password },
      })
    ).json();
    await t.app.close();
    const restarted = await t.rebuild();
    const profile = await restarted.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    const again = await restarted.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { grant_type: 'password', username: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('the embedded database under a data directory', () => {
  const tmp = useTempDir('spinyard-restart-');

  it('is created on first start, and a stop and start keeps the master account', async () => {
    const config = loadConfig({ SPINYARD_DATA_DIR: tmp.path, EMBEDDED_PG_PORT: '54391' });
    const first = await openDatabase(config, () => undefined);
    const created = await accountsService({ db: first.db }).ensureMaster({
      email: 'owner@example.test',
      password: undefined,
      productHost: 'localhost',
    });
    expect(created?.email).toBe('owner@example.test');
    expect(created?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await first.close();

    const second = await openDatabase(config, () => undefined);
    try {
      const again = await accountsService({ db: second.db }).ensureMaster({
        email: 'other@example.test',
        password: 'another-password',
        productHost: 'localhost',
      });
      expect(again).toBeUndefined();
      const masters = await second.db
        .selectFrom('users')
        .select('email')
        .where('privilege_type', '=', 'master')
        .execute();
      expect(masters).toEqual([{ email: 'owner@example.test' }]);
    } finally {
      await second.close();
    }
  });
});
