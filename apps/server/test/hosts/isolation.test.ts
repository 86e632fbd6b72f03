import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

// The hosts area's routes tried by another tenant's user: nothing of the first tenant is read or changed.
const t = useTestApp();
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super' });
  stranger = await t.make.signedIn({ privilege_type: 'super' });
});

describe('hosts: tenant isolation', () => {
  it('/usergroups ignores another tenant’s domain_id', async () => {
    const answer = await call(
      t.app,
      stranger.contentToken,
      'GET',
      `/api/browser/v0/usergroups?domain_id=${owner.domainId}`,
    );
    expect(answer.statusCode).toBe(200);
    const listed = JSON.stringify(answer.json());
    expect(listed).not.toContain(owner.email);
    expect(listed).toContain(stranger.email);
  });

  it('/subdomain neither reads nor sets another tenant’s company', async () => {
    const read = await call(t.app, stranger.contentToken, 'GET', '/api/browser/v0/subdomain');
    expect(read.json().company_id).toBe(stranger.companyId);
    const set = await call(t.app, stranger.contentToken, 'POST', '/api/browser/v0/subdomain', {
      subdomain: 'stolen',
      company_id: owner.companyId,
    });
    expect(set.statusCode).toBe(404);
    const own = await call(t.app, owner.contentToken, 'GET', '/api/browser/v0/subdomain');
    expect(own.json().subdomain).toBe('');
  });
});
