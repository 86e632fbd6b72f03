import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentRecords } from '../../src/modules/contents/service.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { buildManifest } from '../../src/modules/publishing/manifest.ts';
import { legacyPublishedPrefix, publishedKeyOf } from '../../src/modules/publishing/published-blobs.ts';
import { rekeyLegacyPublications } from '../../src/modules/publishing/rekey.ts';
import { publicationsRepo } from '../../src/modules/publishing/repo.ts';
import { loadMediaKeys } from '../../src/modules/vehicle-media/media-urls.ts';
import { purgeVehicleMedia } from '../../src/modules/vehicle-media/purge.ts';
import { readBlob } from '../../src/platform/storage/blob-store.ts';
import { putContentAddressed } from '../../src/platform/storage/content-addressed.ts';
import { signatureQuery } from '../../src/platform/storage/signed-urls.ts';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { buildContents, manifestOf } from '../publishing/publishing-helpers.ts';

/**
 * Who may load which media file (docs/decisions.md, "Media: who may load which file"): a vehicle's own files only
 * through the signed, expiring URLs the signed-in API answers; published copies, named per tenant, only while the
 * vehicle is public; nothing of a vehicle deleted for good. Every refusal is the 404 of a missing file.
 */

const t = useTestApp();
const store = () => testAppStore(t.dir);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const plain = (url: string): string => url.split('?')[0] ?? url;

async function vehicleWithSpin(owner: SignedInUser): Promise<string> {
  const [car] = (await t.make.vehicles(owner, { count: 1 })) as [string];
  await seedExterior(t, car, { rows: [2], width: 64, height: 36 });
  return car;
}

/** The first frame's display JPEG as the console gets it (the exterior editor's answer). */
async function consoleFrameUrl(owner: SignedInUser, car: string): Promise<string> {
  const res = await contentApi(t.app, owner).get(`/exterior/${car}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().groups[0].sheets[0].image.renditions.display.jpeg;
}

async function publish(owner: SignedInUser, car: string) {
  const built = await buildContents(t.app, owner, car);
  expect(built.statusCode, built.body).toBe(200);
  const manifest = await manifestOf(t.app, built.json().short_id);
  expect(manifest.statusCode, manifest.body).toBe(200);
  return { manifest: manifest.json(), text: manifest.body };
}

const firstFrameUrl = (manifest: {
  exterior: { rows: { frames: { image: { renditions: Record<string, { jpeg: string }> } }[] }[] };
}) => manifest.exterior.rows[0]?.frames[0]?.image.renditions.display?.jpeg ?? '';

describe("a vehicle's own files (unpublished media, originals)", () => {
  it("answer 404 to an anonymous caller and to another tenant's user, and load through the console's signed URL", async () => {
    const dealer = await t.make.signedIn();
    const stranger = await t.make.signedIn();
    expect(stranger.domainId).not.toBe(dealer.domainId);
    const car = await vehicleWithSpin(dealer);

    const signed = await consoleFrameUrl(dealer, car);
    expect(signed).toMatch(
      new RegExp(`^/svnmedia/contents/${car}/exterior/[0-9a-f]{64}\\.jpg\\?exp=\\d+&sig=[\\w-]{22}$`),
    );
    const ok = await get(signed);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    // One user's URL for a while: never in a shared cache, and gone from the browser's by its expiry.
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const anonymous = await get(plain(signed));
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().error.code).toBe('not_found');
    expect((await get(plain(signed), stranger.headers)).statusCode).toBe(404);
    expect((await get(plain(signed), { authorization: `Bearer ${stranger.contentToken}` })).statusCode).toBe(404);
    // The stranger never gets a signed URL of it either: the vehicle is not theirs to see.
    expect((await contentApi(t.app, stranger).get(`/exterior/${car}`)).statusCode).toBe(404);
  });

  it('refuses a tampered or expired signature with the same 404', async () => {
    const dealer = await t.make.signedIn();
    const car = await vehicleWithSpin(dealer);
    const signed = await consoleFrameUrl(dealer, car);
    const path = plain(signed);
    const key = decodeURIComponent(path.slice('/svnmedia/'.length));
    const query = new URLSearchParams(signed.split('?')[1]);
    const exp = query.get('exp') ?? '';
    const sig = query.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const otherKey =
      (await seedExterior(t, car, { rows: [2], width: 64, height: 36 })).rows[0]?.images[1]?.master ?? '';
    const keys = await loadMediaKeys(t.db);
    const past = Math.floor(Date.now() / 1000) - 1;
    for (const url of [
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path}?exp=${Number(exp) + 600}&sig=${sig}`,
      `${path}?exp=${exp}`,
      `${path}?exp=${exp}&sig=${sig}&sig=${sig}`,
      // A signature made for another file of the same vehicle.
      `/svnmedia/${otherKey}?exp=${exp}&sig=${sig}`,
      // A genuine signature whose time is over.
      `${path}?${signatureQuery(keys, key, past)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await get(`${path}?${signatureQuery(keys, key, past + 120)}`)).statusCode).toBe(200);
    // A file under contents/ whose folder names no vehicle the rule can look up is refused, not taken for public.
    const odd = `contents/${'9'.repeat(19)}/exterior/${'0'.repeat(64)}.jpg`;
    await store().put(odd, Buffer.from('jpeg'));
    expect((await get(`/svnmedia/${odd}`)).statusCode).toBe(404);
  });

  it('never lets the viewer reach an original an edit (blur, replacement) hides', async () => {
    const dealer = await t.make.signedIn();
    const car = await vehicleWithSpin(dealer);
    const frames = await exteriorRepo(t.db).frames(car);
    const [first, second] = frames as [(typeof frames)[0], (typeof frames)[0]];
    // The first frame shows an edit (here the second frame's picture); its original stays for the editor.
    await exteriorRepo(t.db).setEdited(first.id, { image: second.original, kind: 'replace' });
    const { manifest, text } = await publish(dealer, car);

    const originalKeys = [
      first.original.master,
      ...Object.values(first.original.renditions).flatMap((r) => [r.jpeg, r.webp]),
    ];
    for (const key of originalKeys) {
      // Neither the original nor any copy of it is published or named to the buyer.
      expect(text).not.toContain(key.slice(key.lastIndexOf('/') + 1, -4));
      expect(await store().exists(publishedKeyOf(car, dealer.domainId, key))).toBe(false);
      expect((await get(`/svnmedia/${key}`)).statusCode).toBe(404);
    }
    const shown = await get(firstFrameUrl(manifest));
    expect(shown.statusCode).toBe(200);
    const edited = await readBlob(store(), second.original.renditions.display?.jpeg ?? '');
    expect(shown.rawPayload.equals(edited ?? Buffer.alloc(0))).toBe(true);
    // The editor still shows the original, signed.
    const sheet = (await contentApi(t.app, dealer).get(`/exterior/${car}`)).json().groups[0].sheets[0];
    expect((await get(sheet.original.renditions.display.jpeg)).statusCode).toBe(200);
  });
});

describe('published copies', () => {
  it('are served to anyone while public, immutable, and answer 404 once unpublished or deleted', async () => {
    const dealer = await t.make.signedIn();
    const car = await vehicleWithSpin(dealer);
    const { manifest } = await publish(dealer, car);
    const url = firstFrameUrl(manifest);
    expect(url).toMatch(new RegExp(`^/svnmedia/contents/${car}/published/k/[0-9a-f]{64}\\.jpg$`));
    const shown = await get(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = contentApi(t.app, dealer);

    expect((await api.post(`/contents/private/${car}`)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await api.post(`/contents/public/${car}`)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
    expect((await api.delete(`/contents/${car}`)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('never serve the manifest itself, which has its own door (/v/<id>/manifest.json and its password)', async () => {
    const dealer = await t.make.signedIn();
    const car = await vehicleWithSpin(dealer);
    await publish(dealer, car);
    const manifests = (await store().list(`contents/${car}/published/`)).filter((k) => k.endsWith('.json'));
    expect(manifests).toHaveLength(1);
    expect((await get(`/svnmedia/${manifests[0]}`)).statusCode).toBe(404);
  });

  it("of the same bytes in two tenants have unrelated names, neither of them the bytes' hash", async () => {
    const [a, b] = [await t.make.signedIn(), await t.make.signedIn()];
    const [carA, carB] = [await vehicleWithSpin(a), await vehicleWithSpin(b)];
    const [urlA, urlB] = [
      firstFrameUrl((await publish(a, carA)).manifest),
      firstFrameUrl((await publish(b, carB)).manifest),
    ];
    const [bytesA, bytesB] = [(await get(urlA)).rawPayload, (await get(urlB)).rawPayload];
    expect(bytesA.equals(bytesB)).toBe(true);
    const name = (url: string) => url.slice(url.lastIndexOf('/') + 1, -'.jpg'.length);
    expect(name(urlA)).not.toBe(name(urlB));
    const sha = createHash('sha256').update(bytesA).digest('hex');
    expect([name(urlA), name(urlB)]).not.toContain(sha);
    // Knowing the bytes (and so their hash) names no file of the other tenant.
    expect((await get(`/svnmedia/contents/${carA}/published/${sha}.jpg`)).statusCode).toBe(404);
    expect((await get(`/svnmedia/contents/${carA}/exterior/${sha}.jpg`)).statusCode).toBe(404);
  });
});

describe('a vehicle deleted for good', () => {
  it('serves none of its files, signed or published, at once; the purge then deletes them', async () => {
    const dealer = await t.make.signedIn();
    const car = await vehicleWithSpin(dealer);
    const signed = await consoleFrameUrl(dealer, car);
    const published = firstFrameUrl((await publish(dealer, car)).manifest);
    expect((await get(signed)).statusCode).toBe(200);
    const api = contentApi(t.app, dealer);
    // Deleted for good from the trash, as the console does it.
    expect((await api.delete(`/contents/${car}`)).statusCode).toBe(200);
    expect((await get(signed)).statusCode).toBe(200);
    expect((await api.delete(`/contents/${car}?deleteType=hard`)).statusCode).toBe(200);
    expect((await get(signed)).statusCode).toBe(404);
    expect((await get(published)).statusCode).toBe(404);
    expect(await purgeVehicleMedia(t.db, store(), car)).toBeGreaterThan(0);
    expect(await store().list(`contents/${car}/`)).toEqual([]);
  });
});

describe('publications built before keyed names', () => {
  /** Rebuilds the vehicle's current publication as a build before issue 18 left it: copies named by their SHA-256. */
  async function legacyPublication(car: string, shortId: string): Promise<string> {
    const row = await contentRecords(t.db).find(car);
    if (!row) throw new Error('no vehicle');
    const legacy = legacyPublishedPrefix(car);
    const copies = new Map<string, string>();
    const manifest = await buildManifest(t.db, row, shortId, new Date(), (source) => {
      const target = `${legacy}/${source.slice(source.lastIndexOf('/') + 1)}`;
      copies.set(target, source);
      return `/svnmedia/${target}`;
    });
    for (const [target, source] of copies)
      await store().put(target, (await readBlob(store(), source)) ?? Buffer.alloc(0));
    const put = await putContentAddressed(store(), legacy, Buffer.from(JSON.stringify(manifest)), 'json');
    await publicationsRepo(t.db).setManifest(car, {
      key: put.key,
      sha256: put.sha256,
      keys: [put.key, ...copies.keys()],
      previous: { key: null, keys: [] },
      builtBy: null,
      builtAt: new Date(),
    });
    return firstFrameUrl(manifest as never);
  }

  it('keep working until the job moves them to keyed names; then the old names are gone', async () => {
    const dealer = await t.make.signedIn();
    const car = await vehicleWithSpin(dealer);
    const built = await buildContents(t.app, dealer, car);
    const shortId = built.json().short_id as string;
    const oldUrl = await legacyPublication(car, shortId);
    const sha = oldUrl.slice(oldUrl.lastIndexOf('/') + 1, -'.jpg'.length);
    expect(oldUrl).toBe(`/svnmedia/contents/${car}/published/${sha}.jpg`);
    expect((await get(oldUrl)).statusCode).toBe(200);

    expect(await rekeyLegacyPublications(t.db, store())).toContain(car);
    const after = await manifestOf(t.app, shortId);
    expect(after.statusCode).toBe(200);
    const newUrl = firstFrameUrl(after.json());
    expect(newUrl).toBe(`/svnmedia/${publishedKeyOf(car, dealer.domainId, `x/${sha}.jpg`)}`);
    expect((await get(newUrl)).statusCode).toBe(200);
    expect((await get(oldUrl)).statusCode).toBe(404);
    expect(after.body).not.toContain(`/published/${sha}`);
    expect(await rekeyLegacyPublications(t.db, store())).not.toContain(car);
  });
});
