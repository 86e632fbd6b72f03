import { beforeAll, describe, expect, it } from 'vitest';
import { signViewerToken } from '../../src/modules/publishing/viewer-token.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { access, manifestOf, publishedVehicle } from './publishing-helpers.ts';

/** The viewer's read: each publication state's answer, the limited publication's password gate and its limits. */

const t = useTestApp();
let dealer: SignedInUser;

beforeAll(async () => {
  dealer = await t.make.signedIn();
});

const published = (fields: Record<string, unknown> = {}) => publishedVehicle(t, dealer, fields, 2);

const setState = (id: string, publication: 'unpublished' | 'sleeping' | 'deleted' | 'permanently_deleted') =>
  t.make.update.publication(id, publication);

describe('states', () => {
  it.each([
    ['unpublished', 404, 'content_not_published'],
    ['sleeping', 404, 'content_sleeping'],
    ['deleted', 410, 'content_deleted'],
    ['permanently_deleted', 404, 'not_found'],
  ] as const)('%s answers %i %s and no media', async (state, status, code) => {
    const { id, shortId } = await published();
    await setState(id, state);
    const res = await manifestOf(t.app, shortId);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.body).not.toContain('/svnmedia/');
    expect((await access(t.app, shortId, 'anything')).statusCode).toBe(status);
  });

  it('an unknown short id is not_found', async () => {
    const res = await manifestOf(t.app, 'ZZZZZZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('a malformed short id is a 422 naming the field', async () => {
    const res = await manifestOf(t.app, 'bad');
    expect(res.statusCode).toBe(422);
  });
});

describe('limited publication', () => {
  const PASSWORD = 'open-sesame-9';
  const limited = () => published({ limited_password_enabled: true, limited_password: PASSWORD });

  it('needs a token; the right password gives one that opens the manifest', async () => {
    const { shortId } = await limited();
    const bare = await manifestOf(t.app, shortId);
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.code).toBe('viewer_password_required');
    expect(bare.body).not.toContain('/svnmedia/');

    const ok = await access(t.app, shortId, PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
    const { token } = ok.json();
    const res = await manifestOf(t.app, shortId, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().short_id).toBe(shortId);
    // As a bearer header too.
    const header = await t.app.inject({
      method: 'GET',
      url: `/v/${shortId}/manifest.json`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(header.statusCode).toBe(200);
  });

  it('a wrong password is a clear 401; five wrong ones from one address then 429, another address still tries', async () => {
    const { shortId } = await limited();
    for (let i = 0; i < 5; i++) {
      const wrong = await access(t.app, shortId, 'guess', '198.51.100.1');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('viewer_password_wrong');
    }
    const held = await access(t.app, shortId, PASSWORD, '198.51.100.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().error.code).toBe('too_many_attempts');
    expect((await access(t.app, shortId, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('an expired or forged token is refused, and a password change ends old tokens', async () => {
    const { id, shortId } = await limited();
    const row = await t.db
      .selectFrom('publications')
      .selectAll()
      .where('short_id', '=', shortId)
      .executeTakeFirstOrThrow();
    const expired = signViewerToken(row.token_secret, shortId, PASSWORD, new Date(Date.now() - 1000));
    expect((await manifestOf(t.app, shortId, expired)).statusCode).toBe(401);
    const forged = signViewerToken('not-the-secret', shortId, PASSWORD, new Date(Date.now() + 60_000));
    expect((await manifestOf(t.app, shortId, forged)).statusCode).toBe(401);

    const { token } = (await access(t.app, shortId, PASSWORD)).json();
    await t.make.update.vehicle(id, { limited_password: 'changed-pass-1' });
    expect((await manifestOf(t.app, shortId, token)).statusCode).toBe(401);
  });
});
