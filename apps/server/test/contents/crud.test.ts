import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { contentApi, vehicleBody } from './content-api.ts';

/** Registering, reading and editing a vehicle through the content API, against a real PostgreSQL. */

const t = useTestApp();
let dealer: SignedInUser;
let api: ReturnType<typeof contentApi>;

beforeAll(async () => {
  dealer = await t.make.signedIn({ name: 'Hanako Dealer' });
  api = contentApi(t.app, dealer);
});

const rowOf = (id: string) => t.db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countOwned = async (ownerId: string) =>
  (await t.db.selectFrom('contents').select('id').where('owner_user_id', '=', ownerId).execute()).length;

describe('POST /contents', () => {
  it('registers a vehicle owned and created by the caller, unpublished, in their domain and company', async () => {
    const res = await api.post(
      '/contents',
      vehicleBody({
        management_id: '  STOCK-001 ',
        chassis_number: 'zvw30-1234567',
        first_registration_year: 2019,
        first_registration_month: 4,
        price_with_tax: 2_480_000,
        total_price_with_tax: 2_650_000,
        limited_password_enabled: true,
        limited_password: 'open-sesame',
        basic_info_shown: ['maker', 'mileage'],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      management_id: 'STOCK-001',
      chassis_number: 'ZVW30-1234567',
      maker: 'Toyota',
      price_with_tax: 2_480_000,
      owner: { id: dealer.id, name: 'Hanako Dealer' },
      creator: { id: dealer.id, name: 'Hanako Dealer' },
      domain_id: dealer.domainId,
      publication: 'unpublished',
      vr_mode: false,
      limited_password_enabled: true,
      limited_password_set: true,
      listing_link: 'none',
      contents_style: 'car',
      basic_info_shown: ['maker', 'mileage'],
      processes: [],
      deleted_at: null,
    });
    expect(body).not.toHaveProperty('limited_password');
    expect(res.body).not.toContain('open-sesame');
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ company_id: dealer.companyId, limited_password: 'open-sesame' });
    expect((await api.get(`/contents/${body.id}`)).json()).toEqual(body);
  });

  it('answers the bike style of the owner, and keeps bike fields whatever the style', async () => {
    const biker = await t.make.signedIn({ domain: { options: { content_style: 'bike' } } });
    const res = await contentApi(t.app, biker).post('/contents', vehicleBody({ bike_style: 'Naked', handle: 'left' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ contents_style: 'bike', bike_style: 'Naked', handle: 'left' });
    // The user's own setting wins over the domain's.
    const carUser = await t.make.signedIn({
      domain: { options: { content_style: 'bike' } },
      image_system: JSON.stringify({ contents_style: 'car' }),
    });
    const car = await contentApi(t.app, carUser).post('/contents', vehicleBody({ parts_category: 'Muffler' }));
    expect(car.json()).toMatchObject({ contents_style: 'car', parts_category: 'Muffler' });
  });

  it.each([
    ['an empty management ID', { management_id: '' }, 'management_id'],
    ['a management ID with a control character', { management_id: 'A\u0007B' }, 'management_id'],
    ['a year out of range', { first_registration_year: 1800 }, 'first_registration_year'],
    ['a month without its year', { first_registration_month: 3 }, 'first_registration_year'],
    ['a total below the price', { price_with_tax: 100, total_price_with_tax: 50 }, 'total_price_with_tax'],
    ['a bad e-mail', { mail: 'not-mail' }, 'mail'],
    ['an unknown handle', { handle: 'middle' }, 'handle'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a chassis number with spaces', { chassis_number: 'AB 12' }, 'chassis_number'],
    ['a script as analytics tag', { analytics_tag: '<script>' }, 'analytics_tag'],
    ['the tag on without an id', { analytics_tag_enabled: true }, 'analytics_tag'],
    ['a short limited password', { limited_password: 'ab' }, 'limited_password'],
    ['limited publication on without a password', { limited_password_enabled: true }, 'limited_password'],
    ['a wrong mileage type', { mileage: '12 km' }, 'mileage'],
  ])('refuses %s with a 422 naming the field, and registers nothing', async (_what, over, field) => {
    const before = await countOwned(dealer.id);
    const res = await api.post('/contents', vehicleBody(over));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await countOwned(dealer.id)).toBe(before);
  });

  it('refuses a management ID used in the domain (409 on the field); another domain may use it', async () => {
    const first = await api.post('/contents', vehicleBody({ management_id: 'DUP-1' }));
    expect(first.statusCode).toBe(201);
    const colleague = await t.make.signedIn({ tenant: dealer.tenant, privilege_type: 'normal' });
    const dup = await contentApi(t.app, colleague).post('/contents', vehicleBody({ management_id: 'DUP-1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'duplicate_vehicle_id',
      fields: [expect.objectContaining({ field: 'management_id', rule: 'unique' })],
    });
    const stranger = await t.make.signedIn();
    expect(
      (await contentApi(t.app, stranger).post('/contents', vehicleBody({ management_id: 'DUP-1' }))).statusCode,
    ).toBe(201);
  });

  it('keeps the ID taken while the vehicle is deleted, and frees it once deleted for good', async () => {
    const id = (await api.post('/contents', vehicleBody({ management_id: 'FREE-1' }))).json().id;
    expect((await api.delete(`/contents/${id}`)).statusCode).toBe(200);
    expect((await api.post('/contents', vehicleBody({ management_id: 'FREE-1' }))).statusCode).toBe(409);
    expect((await api.delete(`/contents/${id}?deleteType=hard`)).statusCode).toBe(200);
    expect((await api.post('/contents', vehicleBody({ management_id: 'FREE-1' }))).statusCode).toBe(201);
  });
});

describe('GET /contents/{id}', () => {
  it('is 404 for a vehicle deleted for good, and 422 for an id that is not one', async () => {
    const [gone] = await t.make.vehicles(dealer, { publication: 'permanently_deleted' });
    expect((await api.get(`/contents/${gone}`)).statusCode).toBe(404);
    expect((await api.get('/contents/999999999')).statusCode).toBe(404);
    const bad = await api.get('/contents/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('id');
  });

  it('shows a soft-deleted vehicle to its owner, with when it was deleted', async () => {
    const [id] = await t.make.vehicles(dealer);
    await api.delete(`/contents/${id}`);
    const res = await api.get(`/contents/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().publication).toBe('deleted');
    expect(res.json().deleted_at).not.toBeNull();
  });

  it('lists the running processes, not finished ones', async () => {
    const [running] = await t.make.vehicles(dealer, { process: 'running', processName: 'interior_enhance' });
    const [done] = await t.make.vehicles(dealer, { process: 'succeeded' });
    const answer = (await api.get(`/contents/${running}`)).json();
    expect(answer.processes).toEqual([
      expect.objectContaining({ process: 'interior_enhance', status: 'running', progress: 0 }),
    ]);
    expect((await api.get(`/contents/${done}`)).json().processes).toEqual([]);
  });
});

describe('POST /contents/{id} (update)', () => {
  it('replaces the record; an empty limited password keeps the stored one', async () => {
    const created = (await api.post('/contents', vehicleBody({ limited_password: 'secret-1' }))).json();
    const res = await api.post(
      `/contents/${created.id}`,
      vehicleBody({ management_id: created.management_id, maker: 'Honda', car_name: 'Fit', mileage: 42_000 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ maker: 'Honda', car_name: 'Fit', mileage: 42_000, limited_password_set: true });
    expect((await rowOf(created.id)).limited_password).toBe('secret-1');
    await api.post(
      `/contents/${created.id}`,
      vehicleBody({ management_id: created.management_id, limited_password: 'secret-2' }),
    );
    expect((await rowOf(created.id)).limited_password).toBe('secret-2');
  });

  it('refuses limited publication on without a password, typed or stored', async () => {
    const created = (await api.post('/contents', vehicleBody())).json();
    const res = await api.post(
      `/contents/${created.id}`,
      vehicleBody({ management_id: created.management_id, limited_password_enabled: true }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'limited_password', rule: 'required' });
    expect((await rowOf(created.id)).limited_password_enabled).toBe(false);
  });

  it('moves a published vehicle to limited public when limited publication turns on, and back', async () => {
    const [id] = await t.make.vehicles(dealer, { publication: 'published', fields: { management_id: 'LTD-1' } });
    const on = await api.post(
      `/contents/${id}`,
      vehicleBody({ management_id: 'LTD-1', limited_password_enabled: true, limited_password: 'buyers-only' }),
    );
    expect(on.json().publication).toBe('limited_public');
    const off = await api.post(`/contents/${id}`, vehicleBody({ management_id: 'LTD-1' }));
    expect(off.json()).toMatchObject({ publication: 'published', limited_password_set: true });
    // An unpublished vehicle stays unpublished: turning the switch is not publishing.
    const [quiet] = await t.make.vehicles(dealer, { fields: { management_id: 'LTD-2' } });
    const q = await api.post(
      `/contents/${quiet}`,
      vehicleBody({ management_id: 'LTD-2', limited_password_enabled: true, limited_password: 'buyers-only' }),
    );
    expect(q.json().publication).toBe('unpublished');
  });

  it("refuses another vehicle's management ID, and accepts its own", async () => {
    await t.make.vehicles(dealer, { fields: { management_id: 'TAKEN-9' } });
    const [id] = await t.make.vehicles(dealer, { fields: { management_id: 'MINE-9' } });
    const taken = await api.post(`/contents/${id}`, vehicleBody({ management_id: 'TAKEN-9' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('duplicate_vehicle_id');
    expect((await api.post(`/contents/${id}`, vehicleBody({ management_id: 'MINE-9' }))).statusCode).toBe(200);
  });

  it('refuses a deleted vehicle until it is restored', async () => {
    const [id] = await t.make.vehicles(dealer, { publication: 'deleted', fields: { management_id: 'DEL-1' } });
    const res = await api.post(`/contents/${id}`, vehicleBody({ management_id: 'DEL-1', maker: 'Mazda' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'invalid_state_transition', params: { reason: 'restore_first' } });
    expect((await rowOf(id!)).maker).toBe('');
  });
});
