import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { fakeViewerDist } from '../viewer-page/fake-dist.ts';
import { access, buildContents, manifestOf } from './publishing-helpers.ts';

/**
 * A limited publication's published files are the buyer's only once its password was given: the manifest the
 * password opens carries a grant in every media URL, and the media route serves the files only with it (a grant of
 * one vehicle opens no other, in the tenant or outside it; a password change ends the old grants).
 */

// The viewer's page (a stand-in for its build) embeds the manifest the password opens.
const t = useTestApp({ viewerDist: await fakeViewerDist() });
const PASSWORD = 'open-sesame-9';
let dealer: SignedInUser;
let otherTenant: SignedInUser;

beforeAll(async () => {
  dealer = await t.make.signedIn();
  otherTenant = await t.make.signedIn();
});

async function limited(owner: SignedInUser, password = PASSWORD) {
  const [id = ''] = await t.make.vehicles(owner, {
    fields: { limited_password_enabled: true, limited_password: password },
  });
  await seedExterior(t, id, { rows: [2], width: 64, height: 36 });
  const built = await buildContents(t.app, owner, id);
  expect(built.statusCode, built.body).toBe(200);
  const shortId = built.json().short_id as string;
  const { token } = (await access(t.app, shortId, password)).json();
  const manifest = await manifestOf(t.app, shortId, token);
  expect(manifest.statusCode, manifest.body).toBe(200);
  const urls = [...manifest.body.matchAll(/"(\/svnmedia\/[^"]+)"/g)].map((m) => m[1] as string);
  expect(urls.length).toBeGreaterThan(0);
  const first = new URL(urls[0] as string, 'http://x');
  return { id, shortId, urls, path: first.pathname, grant: first.searchParams.get('grant') ?? '' };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const withGrant = (path: string, grant: string) => `${path}?grant=${encodeURIComponent(grant)}`;

describe("a limited publication's media", () => {
  it('is served only with the grant of the manifest the password opened', async () => {
    const car = await limited(dealer);
    for (const url of car.urls) {
      expect(url, 'every media URL of the manifest carries the grant').toContain('?grant=');
      const served = await get(url);
      expect(served.statusCode, url).toBe(200);
      // One buyer's URL: never kept by a shared cache.
      expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    const bare = await get(car.path);
    expect(bare.statusCode).toBe(404);
    expect(bare.json().error.code).toBe('not_found');
    const [stamp, mac] = car.grant.split('.') as [string, string];
    expect((await get(withGrant(car.path, `${Number(stamp) + 3600}.${mac}`))).statusCode).toBe(404);
    expect((await get(withGrant(car.path, 'garbage'))).statusCode).toBe(404);
    // The manifest's token is for the manifest: it opens no file.
    const { token } = (await access(t.app, car.shortId, PASSWORD)).json();
    expect((await get(withGrant(car.path, token))).statusCode).toBe(404);
  });

  it("a vehicle's grant opens no other vehicle's files, in its tenant or in another", async () => {
    const a = await limited(dealer);
    const b = await limited(dealer);
    const elsewhere = await limited(otherTenant);
    expect((await get(withGrant(b.path, a.grant))).statusCode).toBe(404);
    expect((await get(withGrant(elsewhere.path, a.grant))).statusCode).toBe(404);
    expect((await get(withGrant(a.path, elsewhere.grant))).statusCode).toBe(404);
    expect((await get(withGrant(b.path, b.grant))).statusCode).toBe(200);
  });

  it('a password change ends the grants given for the old one; the page the password opens carries the grant', async () => {
    const car = await limited(dealer);
    await t.make.update.vehicle(car.id, { limited_password: 'changed-pass-1' });
    expect((await get(withGrant(car.path, car.grant))).statusCode).toBe(404);

    const page = await t.app.inject({
      method: 'POST',
      url: `/v/${car.shortId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'password=changed-pass-1',
    });
    expect(page.statusCode).toBe(200);
    const granted = [...page.body.matchAll(/\/svnmedia\/contents\/[^"'\s<>\\]+/g)].map((m) => m[0]);
    expect(granted.length).toBeGreaterThan(0);
    for (const url of granted) expect(url).toContain('?grant=');
  });
});
