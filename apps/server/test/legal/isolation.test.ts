import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Tenant isolation of the legal texts: only the master reads and writes a domain's drafts (a tenant's super cannot
 * reach their own domain's, let alone another's), and a user's acceptance is about their own domain's texts only.
 */

const t = useTestApp();
let master: SignedInUser;
let superA: SignedInUser;
let superB: SignedInUser;

beforeAll(async () => {
  master = await t.make.master();
  superA = await t.make.signedIn({ privilege_type: 'super' });
  superB = await t.make.signedIn({ privilege_type: 'super' });
  const domainA = superA.tenant.domainId;
  await call(t.app, master.token, 'POST', '/v1/legal/terms/draft', {
    domain_id: domainA,
    texts: { ja: 'A の規約', en: '', fr: '', pt: '' },
  });
  await call(t.app, master.token, 'POST', '/v1/legal/terms/publish', { domain_id: domainA });
});

describe('legal texts isolation', () => {
  it("keeps each domain's texts to the master, and each user's acceptance to their own domain", async () => {
    const domainA = superA.tenant.domainId;
    for (const who of [superA, superB]) {
      expect((await call(t.app, who.token, 'GET', `/v1/legal/terms/edit?domain_id=${domainA}`)).statusCode).toBe(403);
      const body = { domain_id: domainA, texts: { ja: 'x', en: '', fr: '', pt: '' } };
      expect((await call(t.app, who.token, 'POST', '/v1/legal/terms/draft', body)).statusCode).toBe(403);
      expect((await call(t.app, who.token, 'POST', '/v1/legal/terms/publish', { domain_id: domainA })).statusCode).toBe(
        403,
      );
    }
    const edit = await call(t.app, master.token, 'GET', `/v1/legal/terms/edit?domain_id=${domainA}`);
    expect(edit.json()).toMatchObject({ draft: null, versions: [{ version: 1, texts: { ja: 'A の規約' } }] });

    // A's version 1 is A's: B's super has nothing to accept, and cannot accept it as if it were theirs.
    expect((await call(t.app, superA.token, 'GET', '/v1/legal-acceptance')).json().pending).toHaveLength(1);
    expect((await call(t.app, superB.token, 'GET', '/v1/legal-acceptance')).json().pending).toEqual([]);
    const accept = { accepted: [{ kind: 'terms', version: 1 }] };
    expect((await call(t.app, superB.token, 'POST', '/v1/legal-acceptance', accept)).statusCode).toBe(409);
    expect((await call(t.app, superA.token, 'GET', '/v1/legal-acceptance')).json().pending).toHaveLength(1);
  });
});
