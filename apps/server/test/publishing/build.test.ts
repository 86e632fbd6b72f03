import { publishedManifest } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { contentApi, useDealer } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import { buildContents, manifestOf } from './publishing-helpers.ts';

/**
 * The build (`/api/tourmaker/buildcontents/{id}/`): what the manifest holds, that it stays as built while the
 * vehicle is edited, that a republish replaces it whole, and the refusals (no images, deleted, sleeping, locked).
 */

const t = useTestApp();
const dealer = useDealer(t);
const { api } = dealer;

async function vehicleWithSpin(fields: Record<string, unknown> = {}) {
  const [id] = await t.make.vehicles(dealer.user, { fields: { maker: 'Toyota', car_name: 'Prius', ...fields } });
  if (!id) throw new Error('no vehicle');
  await seedExterior(t, id, { rows: [4], width: 64, height: 36 });
  return id;
}

async function fetchJson(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

describe('the manifest', () => {
  it('holds the spin with every rendition, the chosen basic info and the switches, and publishes', async () => {
    const id = await vehicleWithSpin({
      basic_info_shown: JSON.stringify(['maker', 'mileage']),
      mileage: 12000,
      vr_mode: true,
      defect_display: true,
    });
    const res = await buildContents(t.app, dealer.user, id);
    expect(res.statusCode, res.body).toBe(200);
    const built = res.json();
    expect(built.publication).toBe('published');
    expect(built.short_id).toMatch(/^[0-9A-Za-z]{10}$/);

    const m = await manifestOf(t.app, built.short_id);
    expect(m.statusCode, m.body).toBe(200);
    expect(m.headers.etag).toBe(`"${built.manifest_sha256}"`);
    const manifest = publishedManifest.parse(m.json());
    expect(manifest.exterior?.rows).toHaveLength(1);
    expect(manifest.exterior?.rows[0]?.frames).toHaveLength(4);
    const frame = manifest.exterior?.rows[0]?.frames[0];
    expect(Object.keys(frame?.image.renditions ?? {}).sort()).toEqual(['display', 'thumbnail', 'zoom']);
    // Every URL is a published copy, served with immutable caching.
    const url = frame?.image.renditions.display?.webp ?? '';
    expect(url).toContain(`/contents/${id}/published/`);
    const file = await fetchJson(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('immutable');
    expect(manifest.basic_info).toEqual([
      { key: 'maker', value: 'Toyota' },
      { key: 'mileage', value: 12000 },
    ]);
    expect(manifest.vr_mode).toBe(true);
    expect(manifest.display.defects).toBe(true);
    expect(manifest.interior).toBeNull();

    // The detail answers the public URLs and the embed code.
    const detail = (await api.get(`/contents/${id}`)).json();
    expect(detail.urls.direct_url).toBe(`http://console.test/v/${built.short_id}`);
    expect(detail.urls.exterior_url).toBe(`http://console.test/v/${built.short_id}?view=exterior`);
    expect(detail.urls.interior_url).toBeNull();
    expect(detail.urls.embed_code).toContain(`<iframe src="http://console.test/v/${built.short_id}?embed=1"`);
    // Its frame named in the product's default language, the viewer page's own title (the console names it again
    // in the dealer's).
    expect(detail.urls.embed_code).toContain('title="360°ビュー"');
  });

  it('does not change when the vehicle is edited, until it is built again; the republish replaces it whole', async () => {
    const id = await vehicleWithSpin({ basic_info_shown: JSON.stringify(['maker']) });
    const first = (await buildContents(t.app, dealer.user, id)).json();
    const before = (await manifestOf(t.app, first.short_id)).body;
    const oldFrameUrl = JSON.parse(before).exterior.rows[0].frames[0].image.renditions.zoom.jpeg;

    // Edits: new basic info, and a new spin whose frames replace the old ones (their files are deleted by the area).
    const edit = await api.post('/contents/extendinfo', { id, maker: 'Honda', basic_info_shown: ['maker'] });
    expect(edit.statusCode, edit.body).toBe(200);
    await seedExterior(t, id, { rows: [3], width: 80, height: 40 });

    const during = await manifestOf(t.app, first.short_id);
    expect(during.body).toBe(before);
    expect((await fetchJson(oldFrameUrl)).statusCode).toBe(200);

    const second = (await buildContents(t.app, dealer.user, id)).json();
    expect(second.short_id).toBe(first.short_id);
    expect(second.manifest_sha256).not.toBe(first.manifest_sha256);
    const after = publishedManifest.parse((await manifestOf(t.app, second.short_id)).json());
    expect(after.basic_info).toEqual([{ key: 'maker', value: 'Honda' }]);
    expect(after.exterior?.rows[0]?.frames).toHaveLength(3);
    // Every URL of the new manifest is there; the one before is kept for viewers that loaded it a moment ago.
    for (const f of after.exterior?.rows[0]?.frames ?? []) {
      expect((await fetchJson(f.image.renditions.zoom?.jpeg ?? '')).statusCode).toBe(200);
    }
    expect((await fetchJson(oldFrameUrl)).statusCode).toBe(200);

    // A third build drops the first manifest's files.
    await api.post('/contents/extendinfo', { id, maker: 'Mazda', basic_info_shown: ['maker'] });
    await buildContents(t.app, dealer.user, id);
    expect((await fetchJson(oldFrameUrl)).statusCode).toBe(404);
  });

  it('two builds at once each leave one whole manifest (serialised by the vehicle lock)', async () => {
    const id = await vehicleWithSpin();
    const [a, b] = await Promise.all([buildContents(t.app, dealer.user, id), buildContents(t.app, dealer.user, id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const m = await manifestOf(t.app, a.json().short_id);
    const manifest = publishedManifest.parse(m.json());
    for (const f of manifest.exterior?.rows[0]?.frames ?? []) {
      expect((await fetchJson(f.image.renditions.display?.jpeg ?? '')).statusCode).toBe(200);
    }
  });

  it('publish=0 builds without publishing', async () => {
    const id = await vehicleWithSpin();
    const res = await buildContents(t.app, dealer.user, id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().publication).toBe('unpublished');
    expect((await manifestOf(t.app, res.json().short_id)).json().error.code).toBe('content_not_published');
  });
});

describe('POST /contents/public/{id}', () => {
  it('builds as it publishes, so the viewer answers the vehicle as it is now', async () => {
    const id = await vehicleWithSpin({ basic_info_shown: JSON.stringify(['maker']) });
    const res = await api.post(`/contents/public/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().publication).toBe('published');
    const direct = res.json().urls.direct_url as string;
    expect(direct).toMatch(/^http:\/\/console\.test\/v\/[0-9A-Za-z]{10}$/);
    const shortId = direct.slice(direct.lastIndexOf('/') + 1);
    const m = await manifestOf(t.app, shortId);
    expect(m.statusCode, m.body).toBe(200);
    expect(publishedManifest.parse(m.json()).exterior?.rows[0]?.frames).toHaveLength(4);

    // Unpublished, edited and published again by the same path: the edit shows.
    await api.post(`/contents/private/${id}`);
    await api.post('/contents/extendinfo', { id, maker: 'Honda', basic_info_shown: ['maker'] });
    expect((await api.post(`/contents/public/${id}`)).statusCode).toBe(200);
    expect((await manifestOf(t.app, shortId)).json().basic_info).toEqual([{ key: 'maker', value: 'Honda' }]);
  });

  it('the build with publish=1 moves a limited public vehicle whose password was turned off to published', async () => {
    const id = await vehicleWithSpin();
    await t.make.update.publication(id, 'limited_public');
    const res = await buildContents(t.app, dealer.user, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().publication).toBe('published');
  });

  it('keeps the publication refusals: already published, no images', async () => {
    const id = await vehicleWithSpin();
    await api.post(`/contents/public/${id}`);
    const again = await api.post(`/contents/public/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid_state_transition');
    const [bare] = await t.make.vehicles(dealer.user);
    const none = await api.post(`/contents/public/${bare}`);
    expect(none.json().error.code).toBe('publish_without_images');
  });
});

describe('refusals', () => {
  it('needs registered images', async () => {
    const [id] = await t.make.vehicles(dealer.user);
    const res = await buildContents(t.app, dealer.user, id ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('publish_without_images');
  });

  it.each([
    ['deleted', 'restore_first'],
    ['sleeping', 'wake_first'],
  ] as const)('refuses a %s vehicle', async (publication, reason) => {
    const id = await vehicleWithSpin();
    await t.make.update.publication(id, publication);
    const res = await buildContents(t.app, dealer.user, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.params.reason).toBe(reason);
  });

  it('waits for a process that locks the vehicle', async () => {
    const [id] = await t.make.vehicles(dealer.user, { process: 'running', processName: 'transfer' });
    await seedExterior(t, id ?? '', { rows: [2], width: 64, height: 36 });
    const res = await buildContents(t.app, dealer.user, id ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('content_locked');
  });

  it('needs the content token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tourmaker/buildcontents/1/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('short URL', () => {
  it('is made once and stays the same', async () => {
    const [id] = await t.make.vehicles(dealer.user);
    const a = await api.post('/contents/create_short_url', { id });
    expect(a.statusCode, a.body).toBe(200);
    const url = a.json().urls.short_url;
    expect(url).toMatch(/^http:\/\/console\.test\/v\/[0-9A-Za-z]{10}$/);
    const b = await api.post('/contents/create_short_url', { id });
    expect(b.json().urls.short_url).toBe(url);
  });

  it("is refused when the domain's option is off", async () => {
    const other = await t.make.signedIn({ domain: { options: { short_url: false } } });
    const [id] = await t.make.vehicles(other);
    const res = await contentApi(t.app, other).post('/contents/create_short_url', { id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('short_url_disabled');
  });
});
