import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { buildContents } from '../publishing/publishing-helpers.ts';
import { fakeViewerDist, pageDataOf } from '../viewer-page/fake-dist.ts';
import { type ContentApi, contentApi } from './content-api.ts';

/** `GET`/`POST /analytics_settings`: the vehicle's analytics tag, under the domain's option, reaching buyers at once. */

const t = useTestApp({ viewerDist: await fakeViewerDist() });
let dealer: SignedInUser;
let api: ContentApi;
let optionOff: SignedInUser;

beforeAll(async () => {
  [dealer, optionOff] = await Promise.all([
    t.make.signedIn({ domain: { options: { analytics_tag: true } } }),
    t.make.signedIn(),
  ]);
  api = contentApi(t.app, dealer);
});

const rulesOf = (body: { error: { fields?: { field: string; rule: string }[] } }) =>
  (body.error.fields ?? []).map((f) => `${f.field}:${f.rule}`);

describe('the analytics settings of a vehicle', () => {
  it('sets the tag, refuses a bad one by field and rule, and the published page runs the new one at once', async () => {
    const [id = ''] = await t.make.vehicles(dealer, {
      fields: { analytics_tag_enabled: true, analytics_tag: 'G-FIRST123' },
    });
    await seedExterior(t, id, { rows: [8], width: 64, height: 36 });
    const built = await buildContents(t.app, dealer, id);
    expect(built.statusCode, built.body).toBe(200);
    const page = async () =>
      pageDataOf((await t.app.inject({ method: 'GET', url: `/v/${built.json().short_id}` })).body).manifest;
    expect((await page()).analytics_tag).toBe('G-FIRST123');

    const read = await api.get(`/analytics_settings?contentsID=${id}`);
    expect(read.json()).toEqual({ content_id: id, enabled: true, tag: 'G-FIRST123', available: true, served: true });

    const bad = await api.post('/analytics_settings', { content_id: id, enabled: true, tag: '<script>' });
    expect(bad.statusCode).toBe(422);
    expect(rulesOf(bad.json())).toEqual(['tag:format']);
    const missing = await api.post('/analytics_settings', { content_id: id, enabled: true });
    expect(rulesOf(missing.json())).toEqual(['tag:required']);

    const changed = await api.post('/analytics_settings', { content_id: id, enabled: true, tag: 'AW-SECOND45' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await page()).analytics_tag).toBe('AW-SECOND45');
    const off = await api.post('/analytics_settings', { content_id: id, enabled: false, tag: 'AW-SECOND45' });
    expect(off.json()).toMatchObject({ enabled: false, served: false });
    expect((await page()).analytics_tag).toBeNull();
    // The vehicle's record answers what the call wrote.
    expect((await api.get(`/contents/${id}`)).json()).toMatchObject({ analytics_tag_enabled: false });
  });

  it("refuses turning the tag on while the domain's option is off, through this call and the whole record", async () => {
    const [id = ''] = await t.make.vehicles(optionOff);
    const own = contentApi(t.app, optionOff);
    expect((await own.get(`/analytics_settings?contentsID=${id}`)).json()).toMatchObject({ available: false });
    const refused = await own.post('/analytics_settings', { content_id: id, enabled: true, tag: 'G-NOTALLOWED' });
    expect(refused.statusCode).toBe(422);
    expect(rulesOf(refused.json())).toEqual(['enabled:requires']);
    const record = (await own.get(`/contents/${id}`)).json();
    const whole = await own.post(`/contents/${id}`, {
      management_id: record.management_id,
      analytics_tag_enabled: true,
      analytics_tag: 'G-NOTALLOWED',
    });
    expect(rulesOf(whole.json())).toEqual(['analytics_tag_enabled:requires']);
    expect((await own.post('/analytics_settings', { content_id: id, enabled: false, tag: '' })).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's vehicle, read or written", async () => {
    const [id = ''] = await t.make.vehicles(dealer);
    const stranger = contentApi(t.app, optionOff);
    expect((await stranger.get(`/analytics_settings?contentsID=${id}`)).statusCode).toBe(404);
    const write = await stranger.post('/analytics_settings', { content_id: id, enabled: false, tag: '' });
    expect(write.statusCode).toBe(404);
    expect(write.json().error.code).toBe('not_found');
  });
});
