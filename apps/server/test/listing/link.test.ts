import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueAutomatic } from '../../src/modules/listing/autojoin.ts';
import { linkDeps } from '../../src/modules/listing/deps.ts';
import { reconcileListing } from '../../src/modules/listing/reconcile.ts';
import { linkOne } from '../../src/modules/listing/work.ts';
import { createHttpListing } from '../../src/platform/listing/http.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { type FakeListing, startFakeListing } from '../helpers/fake-listing.ts';
import { call } from '../helpers/http.ts';

/**
 * The listing link through the HTTP adapter and the fake partner: the dealer's sign-in (a wrong password named on
 * its field, the password sealed at rest), a manual link end to end (the vehicle then refuses edits), the creator
 * rule, a key two vehicles share, the partner's session running out, a time-out, a broken answer, "outside API
 * hours" (2998) retried by the reconcile, and the reconcile finding a property removed on the partner's side.
 */

const API = '/api/browser/v0';
let fake: FakeListing;

beforeAll(async () => {
  fake = await startFakeListing();
  fake.partner.addClient({ loginId: 'dealer-1', password: 'partner-pass' });
});
afterAll(() => fake?.close());

const partner = () => createHttpListing({ url: fake.url, timeoutMs: 1500 });
const t = useTestApp({
  get listing() {
    return partner();
  },
  listingParallel: 2,
});

let dealer: SignedInUser;
let colleague: SignedInUser;

const api = (who: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, who.contentToken, method, `${API}${url}`, payload);

const joined = JSON.stringify({ cs_join: true });
let made = 0;
async function vehicle(key: string, fields: Record<string, unknown> = {}, creator = dealer) {
  made += 1;
  fake.partner.addProperty({ propertyCode: key, vin: `VIN${made}`, title: `Car ${made}`, owner: 'dealer-1' });
  const [id] = await t.make.vehicles(creator, {
    fields: { listing_id: key, has_exterior: true, ...fields },
  });
  return id!;
}

const signIn = () => api(dealer, 'POST', '/cs/login', { login_id: 'dealer-1', password: 'partner-pass' });

beforeAll(async () => {
  dealer = await t.make.signedIn({ domain: { options: { listing_link: true } }, image_system: joined });
  colleague = await t.make.signedIn({ tenant: dealer.tenant, privilege_type: 'super', image_system: joined });
});

describe('sign-in to the partner', () => {
  it('names the password when the partner refuses it, and keeps the account signed out', async () => {
    const res = await api(dealer, 'POST', '/cs/login', { login_id: 'dealer-1', password: 'wrong' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'listing_login_failed', params: { msg_id: '2002' } });
    expect(res.json().error.fields).toEqual([
      expect.objectContaining({ field: 'password', rule: 'partner_credentials' }),
    ]);
    expect((await api(dealer, 'GET', '/cs/account')).json()).toMatchObject({ joined: true, signed_in: false });
  });

  it('signs in, keeps the password sealed, and answers the client info (the top bar says logged in)', async () => {
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ signed_in: true, login_id: 'dealer-1', client: { client_id: 'dealer-1' } });
    const row = await t.db
      .selectFrom('listing_accounts')
      .selectAll()
      .where('user_id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain('partner-pass');
    const info = await api(dealer, 'GET', '/cs/client-info');
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ client_id: 'dealer-1', capable_360: true });
  });

  it('refuses a user the link is not set up for', async () => {
    const outsider = await t.make.signedIn({ tenant: dealer.tenant, privilege_type: 'admin' });
    const res = await api(outsider, 'GET', '/cs/client-info');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('listing_not_joined');
  });
});

describe('a manual link', () => {
  it('links the vehicle on its property once; the vehicle then refuses edits', async () => {
    const id = await vehicle('PC-100');
    const res = await api(dealer, 'POST', '/cs/contents/register', { content_ids: [id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0]).toMatchObject({ content_id: id, state: 'linked', property_code: 'PC-100' });
    expect(fake.partner.viewOf('PC-100')).toBe(id);
    expect(fake.partner.registrationsOf('PC-100')).toBe(1);
    const edit = await api(dealer, 'POST', '/contents/defect_display', { id, display: true });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'content_linked', params: { listing_link: 'linked' } });
    const latest = await api(dealer, 'GET', '/cs/latest');
    expect(latest.json().counts).toMatchObject({ new: 1, remaining: 0 });
  });

  it('refuses anyone but the creator, and a key another vehicle shares, changing nothing', async () => {
    const id = await vehicle('PC-200');
    const other = await api(colleague, 'POST', '/cs/contents/register', { content_ids: [id] });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('not_content_creator');
    await t.make.vehicles(dealer, { fields: { listing_id: 'pc-200' } });
    const twice = await api(dealer, 'POST', '/cs/contents/register', { content_ids: [id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('listing_key_duplication');
    expect((await api(dealer, 'GET', `/cs/contents/${id}`)).json().state).toBe('not_linked');
    expect(fake.partner.registrationsOf('PC-200')).toBe(0);
  });

  it('signs in again by itself when the partner ended the session', async () => {
    const id = await vehicle('PC-300');
    fake.partner.expireSessions();
    const res = await api(dealer, 'POST', '/cs/contents/register', { content_ids: [id] });
    expect(res.json().items[0]).toMatchObject({ state: 'linked' });
  });

  it('records a refusal as its named error state, and a vehicle without pictures as error_image', async () => {
    const id = await vehicle('PC-400');
    fake.inject('contents', { kind: 'msg', msgId: '2182' });
    const limit = await api(dealer, 'POST', '/cs/contents/register', { content_ids: [id] });
    expect(limit.json().items[0]).toMatchObject({ state: 'error_limit', msg_id: '2182' });
    const bare = await vehicle('PC-401', { has_exterior: false });
    const none = await api(dealer, 'POST', '/cs/contents/register', { content_ids: [bare] });
    expect(none.json().items[0]).toMatchObject({ state: 'error_image' });
  });
});

describe("the partner's failures are answers, never a 500", () => {
  it('a time-out is 504 and a broken answer 502', async () => {
    fake.inject('client', { kind: 'hang' });
    const slow = await api(dealer, 'GET', '/cs/client-info');
    expect(slow.statusCode, slow.body).toBe(504);
    expect(slow.json().error.code).toBe('listing_partner_timeout');
    fake.inject('client', { kind: 'malformed' });
    const broken = await api(dealer, 'GET', '/cs/client-info');
    expect(broken.statusCode).toBe(502);
    expect(broken.json().error.code).toBe('listing_partner_invalid');
  });

  it('outside API hours (2998) the link fails named, and the reconcile asks again', async () => {
    const id = await vehicle('PC-500');
    fake.inject('bukken', { kind: 'outside_hours' });
    const res = await api(dealer, 'POST', '/cs/contents/register', { content_ids: [id] });
    expect(res.json().items[0]).toMatchObject({ state: 'error_default', msg_id: '2998' });
    await reconcileListing(linkDeps({ db: t.db, listing: partner(), listingParallel: 2 }));
    expect((await api(dealer, 'GET', `/cs/contents/${id}`)).json()).toMatchObject({ state: 'linked' });
  });
});

describe('the automatic link', () => {
  it("queues the creator's unlinked vehicles; a request run by two workers at once links once", async () => {
    const ids = [await vehicle('PC-700'), await vehicle('PC-701')];
    const started: { contentId: string; seq: number }[] = [];
    const deps = { ...linkDeps({ db: t.db, listing: partner(), listingParallel: 2 }) };
    const queued = await queueAutomatic(
      { ...deps, startLink: async (l) => void started.push(l) },
      dealer.id,
      'property_code',
    );
    expect(started.map((l) => l.contentId)).toEqual(expect.arrayContaining(ids));
    expect(queued).toBe(started.length);
    expect((await api(dealer, 'GET', `/cs/contents/${ids[0]}`)).json()).toMatchObject({
      state: 'waiting',
      cancellable: true,
    });
    for (const link of started)
      await Promise.all([linkOne(deps, link, { last: true }), linkOne(deps, link, { last: true })]);
    for (const [i, id] of ids.entries()) {
      expect((await api(dealer, 'GET', `/cs/contents/${id}`)).json().state).toBe('linked');
      expect(fake.partner.registrationsOf(`PC-70${i}`)).toBe(1);
    }
    expect(fake.partner.linkedTwice()).toEqual([]);
  });
});

describe('the hourly reconcile', () => {
  it('finds a property removed on the partner, unlinks the vehicle and counts it deleted', async () => {
    const id = await vehicle('PC-600');
    await api(dealer, 'POST', '/cs/contents/register', { content_ids: [id] });
    fake.partner.removeProperty('PC-600');
    const result = await reconcileListing(linkDeps({ db: t.db, listing: partner(), listingParallel: 2 }));
    expect(result.drifted).toBe(1);
    expect((await api(dealer, 'GET', `/cs/contents/${id}`)).json()).toMatchObject({
      state: 'not_linked',
      drift: 'property_removed',
    });
    expect((await api(dealer, 'GET', '/cs/latest')).json().counts.deleted).toBe(1);
    const edit = await api(dealer, 'POST', '/contents/defect_display', { id, display: true });
    expect(edit.statusCode, edit.body).toBe(200);
  });
});
