import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Legal texts (issue 19, point 2): the master's drafts and versions per domain, the public read by host and
 * language with its fallback and the product's defaults, the sign-up's acceptance and the asking again.
 */

const t = useTestApp();
let master: SignedInUser;

const texts = (ja: string, en = '', fr = '', pt = '') => ({ ja, en, fr, pt });
const read = (kind: string, lang: string, host = 'localhost') =>
  t.app.inject({ url: `/v1/legal/${kind}?lang=${lang}`, headers: { host } });
const draft = (who: SignedInUser, kind: string, domainId: string, body: ReturnType<typeof texts>) =>
  call(t.app, who.token, 'POST', `/v1/legal/${kind}/draft`, { domain_id: domainId, texts: body });
const publish = (who: SignedInUser, kind: string, domainId: string) =>
  call(t.app, who.token, 'POST', `/v1/legal/${kind}/publish`, { domain_id: domainId });

beforeAll(async () => {
  master = await t.make.master({ tenant: await t.make.tenant({ companyCode: '0006', host: 'localhost' }) });
});

describe('legal texts', () => {
  it("shows the product's default texts in each language until a domain publishes its own", async () => {
    for (const lang of ['ja', 'en', 'fr', 'pt']) {
      for (const kind of ['terms', 'privacy', 'personal_information']) {
        const res = await read(kind, lang);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ kind, version: 0, is_default: true, language: lang, published_at: null });
        expect(res.json().text.length).toBeGreaterThan(200);
      }
    }
    // Under the domain's service name, with the contract rules the product applies.
    const en = (await read('terms', 'en')).json().text;
    expect(en).toContain(`use of ${master.tenant.serviceName} by your company`);
    expect(en).toContain('10% consumption tax');
    expect(en).not.toContain('{{');
    expect((await read('cookies', 'ja')).statusCode).toBe(422);
    expect((await read('terms', 'de')).json().error.fields[0].field).toBe('lang');
  });

  it('lets only the master draft and publish; a published version never changes', async () => {
    const domainId = master.tenant.domainId;
    const superUser = await t.make.signedIn({ tenant: master.tenant, privilege_type: 'super' });
    expect((await draft(superUser, 'terms', domainId, texts('x'))).statusCode).toBe(403);
    expect((await publish(master, 'terms', domainId)).json().error.code).toBe('legal_nothing_to_publish');
    expect((await draft(master, 'terms', '999999', texts('x'))).statusCode).toBe(404);

    // Neither Japanese nor English: nothing to fall back to.
    await draft(master, 'terms', domainId, texts('', '', 'Conditions', 'Termos'));
    const empty = await publish(master, 'terms', domainId);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields[0]).toMatchObject({ field: 'texts.ja', rule: 'required' });

    const saved = await draft(master, 'terms', domainId, texts('規約 第1版\r\n\r\n<b>太字</b>', 'Terms v1'));
    expect(saved.json().draft.texts.ja).toBe('規約 第1版\n\n<b>太字</b>');
    const first = await publish(master, 'terms', domainId);
    expect(first.statusCode).toBe(200);
    expect(first.json().draft).toBeNull();
    expect(first.json().versions).toMatchObject([{ version: 1, author: master.email }]);

    // French left empty falls back to Japanese; the text is stored as typed (pages show it as text).
    const fr = (await read('terms', 'fr')).json();
    expect(fr).toMatchObject({ version: 1, is_default: false, language: 'ja', requested_language: 'fr' });
    expect(fr.text).toBe('規約 第1版\n\n<b>太字</b>');
    expect((await read('terms', 'en')).json()).toMatchObject({ language: 'en', text: 'Terms v1' });
    expect((await read('privacy', 'en')).json().is_default).toBe(true);

    // A new draft leaves version 1 as it was; the database refuses to change a published row.
    await draft(master, 'terms', domainId, texts('規約 第2版'));
    expect((await read('terms', 'ja')).json()).toMatchObject({ version: 1, text: '規約 第1版\n\n<b>太字</b>' });
    await expect(sql`UPDATE legal_documents SET text_ja = 'changed' WHERE version = 1`.execute(t.db)).rejects.toThrow(
      /never changed/,
    );
    const second = await publish(master, 'terms', domainId);
    expect(second.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await read('terms', 'ja')).json()).toMatchObject({ version: 2, text: '規約 第2版' });
  });

  it("reads a tenant's own texts on its host, the product's on any other", async () => {
    const dealer = await t.make.tenant();
    await draft(master, 'privacy', dealer.domainId, texts('販売店のプライバシーポリシー'));
    await publish(master, 'privacy', dealer.domainId);
    expect((await read('privacy', 'ja', dealer.host)).json()).toMatchObject({ version: 1, is_default: false });
    expect((await read('privacy', 'ja', 'elsewhere.test')).json().is_default).toBe(true);
    expect((await read('terms', 'ja', 'elsewhere.test')).json().text).toBe('規約 第2版');
  });
});

describe('acceptance', () => {
  const register = (email: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/superusers-create',
      remoteAddress: '10.44.0.1',
      payload: { email, password: 'customer-pass-1', name: 'N', company_name: 'C', accept_terms: true, ...extra },
    });

  it('records the versions in force at sign-up, and refuses a page that showed an older one', async () => {
    const stale = await register('stale@example.test', { terms_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'legal_version_outdated' });
    expect(stale.json().error.fields[0].field).toBe('accept_terms');
    const before = Date.now();
    const res = await register('accepts@example.test', { terms_version: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .selectFrom('legal_acceptances')
      .select(['kind', 'version', 'accepted_at', 'ip'])
      .where('user_id', '=', res.json().id)
      .orderBy('kind')
      .execute();
    expect(rows.map((r) => [r.kind, r.version, r.ip])).toEqual([
      ['personal_information', 0, '10.44.0.1'],
      ['privacy', 0, '10.44.0.1'],
      ['terms', 2, '10.44.0.1'],
    ]);
    expect(rows[0]?.accepted_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('asks a signed-in user again for a newly published version, and records their acceptance', async () => {
    const admin = await t.make.signedIn({ tenant: master.tenant, privilege_type: 'admin' });
    const status = () => call(t.app, admin.token, 'GET', '/v1/legal-acceptance');
    expect((await status()).json().pending).toEqual([expect.objectContaining({ kind: 'terms', version: 2 })]);
    expect((await call(t.app, master.token, 'GET', '/v1/legal-acceptance')).json().pending).toEqual([]);

    const old = await call(t.app, admin.token, 'POST', '/v1/legal-acceptance', {
      accepted: [{ kind: 'terms', version: 1 }],
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().error.fields[0]).toMatchObject({ field: 'accepted.0.version', rule: 'outdated' });
    const ok = await call(t.app, admin.token, 'POST', '/v1/legal-acceptance', {
      accepted: [{ kind: 'terms', version: 2 }],
    });
    expect(ok.json().pending).toEqual([]);

    await draft(master, 'terms', master.tenant.domainId, texts('規約 第3版'));
    await publish(master, 'terms', master.tenant.domainId);
    expect((await status()).json().pending).toEqual([expect.objectContaining({ kind: 'terms', version: 3 })]);
  });
});
