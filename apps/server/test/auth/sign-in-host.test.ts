import { describe, expect, it } from 'vitest';
import { hostNameOf } from '../../src/modules/auth/host-rule.ts';
import { useTestApp } from '../helpers/app.ts';
import { uniqueHost } from '../helpers/factory.ts';

/**
 * Who signs in on which host (docs/decisions.md, "Sign-in host"): a tenant's host only for that tenant's users;
 * the product's host and hosts that are no tenant's (localhost, an address) for everyone.
 */
const PRODUCT_HOST = 'spinyard.example.test';
const t = useTestApp({ productHost: PRODUCT_HOST });

function signIn(user: { email: string; password: string }, host: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    headers: { host, 'content-type': 'application/json' },
    payload: { grant_type: 'password', username: user.email, password: user.password },
  });
}

async function tokensOf(userId: string): Promise<number> {
  const rows = await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

async function twoDealers() {
  const dealer1 = await t.make.tenant({ host: uniqueHost('dealer1') });
  const dealer2 = await t.make.tenant({ host: uniqueHost('dealer2') });
  const user = await t.make.user({ tenant: dealer1, privilege_type: 'normal' });
  return { dealer1, dealer2, user };
}

describe('sign-in host', () => {
  it("refuses a dealer's user on another dealer's host, issuing no token", async () => {
    const { dealer2, user } = await twoDealers();
    const res = await signIn(user, dealer2.host);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'login_host_not_allowed' });
    expect(res.body).not.toContain(dealer2.serviceName);
    expect(await tokensOf(user.id)).toBe(0);
  });

  it("signs the user in on their own domain's host, whatever the letter case and port", async () => {
    const { dealer1, user } = await twoDealers();
    expect((await signIn(user, dealer1.host)).statusCode).toBe(200);
    expect((await signIn(user, `${dealer1.host.toUpperCase()}:8443`)).statusCode).toBe(200);
  });

  it("signs a dealer's user in on the product host and on hosts that are no tenant's", async () => {
    const { user } = await twoDealers();
    for (const host of [PRODUCT_HOST, 'localhost:8080', '127.0.0.1:8080', 'lb.internal.example.test']) {
      expect((await signIn(user, host)).statusCode, host).toBe(200);
    }
  });

  it("keeps master to the product's host and hosts that are no tenant's", async () => {
    const product = await t.make.tenant({ host: PRODUCT_HOST, companyCode: '0006' });
    const master = await t.make.master({ tenant: product });
    const { dealer1 } = await twoDealers();
    expect((await signIn(master, PRODUCT_HOST)).statusCode).toBe(200);
    expect((await signIn(master, 'localhost')).statusCode).toBe(200);
    const refused = await signIn(master, dealer1.host);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('login_host_not_allowed');
  });

  it('refuses on the host of a domain being deleted too', async () => {
    const { user } = await twoDealers();
    const deleting = await t.make.tenant({ host: uniqueHost('leaving'), deleting: true });
    expect((await signIn(user, deleting.host)).json().error.code).toBe('login_host_not_allowed');
  });

  it('tells a wrong password nothing about hosts: login_failed, as anywhere', async () => {
    const { dealer2, user } = await twoDealers();
    const res = await signIn({ email: user.email, password: 'not-the-password' }, dealer2.host);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('login_failed');
  });

  it('reads the host name from a Host header', () => {
    expect(hostNameOf('Dealer.Example.COM:8443')).toBe('dealer.example.com');
    expect(hostNameOf('dealer.example.com.')).toBe('dealer.example.com');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf(undefined)).toBe('');
  });
});
