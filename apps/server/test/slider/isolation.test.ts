import { readFile } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { noisePicture } from '../helpers/pictures.ts';
import { testVideo } from '../helpers/videos.ts';
import { as, upload } from './slider-helpers.ts';

/**
 * Tenant isolation of every slider route: users of another company (and a normal user outside the vehicle's group)
 * get 404 for company A's bike, with good files and bodies, and nothing of A changes, rows or files.
 */

const t = useTestApp();

let owner: SignedInUser;
let peer: SignedInUser;
let other: SignedInUser;
let otherNormal: SignedInUser;
let bike: string;
let item: string;
let movie: string;
let rider: string;

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { content_style: 'bike' } });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  owner = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const admin2 = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  peer = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin2.id });
  const otherTenant = await t.make.tenant({ options: { content_style: 'bike' } });
  other = await t.make.signedIn({ tenant: otherTenant, privilege_type: 'super' });
  otherNormal = await t.make.signedIn({ tenant: otherTenant, privilege_type: 'normal', parent_user_id: other.id });
  [bike] = (await t.make.vehicles(owner)) as [string];
  const image = await t.app.inject(
    upload(
      owner,
      `/api/browser/v0/slider/${bike}/images`,
      { category: 'exterior', caption: 'A' },
      { data: await noisePicture(1280, 720) },
    ),
  );
  expect(image.statusCode, image.body).toBe(201);
  item = image.json().id;
  const video = await readFile(await testVideo('landscape'));
  const m = await t.app.inject(
    upload(owner, `/api/browser/v0/slider/${bike}/movies`, {}, { data: video, name: 'a.mp4' }),
  );
  expect(m.statusCode, m.body).toBe(201);
  movie = m.json().id;
  const r = await t.app.inject(
    upload(owner, `/api/browser/v0/slider/${bike}/rider-view`, {}, { data: await noisePicture(1600, 900) }),
  );
  expect(r.statusCode, r.body).toBe(201);
  rider = r.json().id;
});

const snapshot = async () => ({
  items: await t.db.selectFrom('slider_items').selectAll().orderBy('id').execute(),
  movies: await t.db.selectFrom('original_movies').selectAll().orderBy('id').execute(),
  rider: await t.db.selectFrom('rider_view_images').selectAll().orderBy('id').execute(),
  flags: await t.db
    .selectFrom('contents')
    .select(['id', 'has_category_images', 'has_rider_view'])
    .orderBy('id')
    .execute(),
});

/**
 * Every route of the area, aimed at A's bike, with inputs that would succeed for its owner in this order (reads,
 * changes and orders of what exists, additions, deletions). Paths are written out whole for isolation-coverage.
 */
async function requests(who: SignedInUser): Promise<[string, InjectOptions][]> {
  const jpeg = await noisePicture(1280, 720, 'jpeg', 9);
  const video = await readFile(await testVideo('landscape'));
  return [
    ['GET slider', as(who, { method: 'GET', url: `/api/browser/v0/slider/${bike}` })],
    ['GET movies', as(who, { method: 'GET', url: `/api/browser/v0/slider/${bike}/movies` })],
    ['GET rider-view', as(who, { method: 'GET', url: `/api/browser/v0/slider/${bike}/rider-view` })],
    [
      'GET audio-tracks',
      as(who, { method: 'GET', url: `/api/browser/v0/slider/${bike}/movies/${movie}/audio-tracks` }),
    ],
    [
      'POST items',
      as(who, { method: 'POST', url: `/api/browser/v0/slider/${bike}/items/${item}`, payload: { caption: 'stolen' } }),
    ],
    ['POST order', as(who, { method: 'POST', url: `/api/browser/v0/slider/${bike}/order`, payload: { ids: [item] } })],
    [
      'POST movies order',
      as(who, { method: 'POST', url: `/api/browser/v0/slider/${bike}/movies/order`, payload: { ids: [movie] } }),
    ],
    [
      'POST rider-view order',
      as(who, { method: 'POST', url: `/api/browser/v0/slider/${bike}/rider-view/order`, payload: { ids: [rider] } }),
    ],
    ['POST images', upload(who, `/api/browser/v0/slider/${bike}/images`, { category: 'other' }, { data: jpeg })],
    [
      'POST video-links',
      as(who, { method: 'POST', url: `/api/browser/v0/slider/${bike}/video-links`, payload: { url: 'dQw4w9WgXcQ' } }),
    ],
    ['POST movies', upload(who, `/api/browser/v0/slider/${bike}/movies`, {}, { data: video, name: 'b.mp4' })],
    ['POST rider-view', upload(who, `/api/browser/v0/slider/${bike}/rider-view`, {}, { data: jpeg })],
    ['DELETE items', as(who, { method: 'DELETE', url: `/api/browser/v0/slider/${bike}/items/${item}` })],
    ['DELETE movies', as(who, { method: 'DELETE', url: `/api/browser/v0/slider/${bike}/movies/${movie}` })],
    ['DELETE rider-view', as(who, { method: 'DELETE', url: `/api/browser/v0/slider/${bike}/rider-view/${rider}` })],
  ];
}

describe('slider routes across tenants and groups', () => {
  it("answers not_found for a vehicle outside the caller's sight, and changes nothing", async () => {
    const before = await snapshot();
    for (const who of [other, otherNormal, peer]) {
      for (const [label, request] of await requests(who)) {
        const res = await t.app.inject(request);
        expect(res.statusCode, `${who.email} ${label}: ${res.body}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another vehicle's item ids are not found through the caller's own vehicle", async () => {
    const [own] = (await t.make.vehicles(other)) as [string];
    for (const request of [
      as(other, { method: 'DELETE', url: `/api/browser/v0/slider/${own}/items/${item}` }),
      as(other, { method: 'POST', url: `/api/browser/v0/slider/${own}/items/${item}`, payload: { caption: 'x' } }),
      as(other, { method: 'DELETE', url: `/api/browser/v0/slider/${own}/movies/${movie}` }),
      as(other, { method: 'GET', url: `/api/browser/v0/slider/${own}/movies/${movie}/audio-tracks` }),
      as(other, { method: 'DELETE', url: `/api/browser/v0/slider/${own}/rider-view/${rider}` }),
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, String(request.url)).toBe(404);
    }
    const order = await t.app.inject(
      as(other, { method: 'POST', url: `/api/browser/v0/slider/${own}/order`, payload: { ids: [item] } }),
    );
    expect(order.statusCode).toBe(422);
    expect(
      (await t.db.selectFrom('slider_items').select('caption').where('id', '=', item).executeTakeFirstOrThrow())
        .caption,
    ).toBe('A');
  });

  it('the same requests work for the owner (so the refusals above are about who asks)', async () => {
    for (const [label, request] of await requests(owner)) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
    }
  });
});
