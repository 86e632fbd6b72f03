import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageBlob } from '../../src/modules/tenancy/blobs.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import { domainBody, nextCompanyCode, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { base64, gif, jpeg, png, solid } from '../helpers/pictures.ts';
import { tenantSnapshot } from '../helpers/snapshot.ts';

const t = useTestApp();
let master: SignedInUser;

beforeAll(async () => {
  master = await t.make.master();
});

async function newDomain() {
  const body = domainBody();
  const res = await call(t.app, master.token, 'POST', '/v1/domain', body);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, code: body.company_code };
}

function media(url: string) {
  return t.app.inject({ method: 'GET', url });
}

/** A PNG with bytes after its end: still a PNG by its magic number and decoder, but `bytes` over the limit. */
async function paddedPng(width: number, height: number, totalBytes: number): Promise<Buffer> {
  const image = await png(width, height);
  return Buffer.concat([image, Buffer.alloc(totalBytes - image.length, 7)]);
}

describe('domain logo: PNG, exactly 488x110, up to 2 MB, judged by content', () => {
  it('accepts a real 488x110 PNG and publishes it under the domain code', async () => {
    const { id, code } = await newDomain();
    const res = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: `data:image/png;base64,${base64(await png(488, 110))}`,
      file_name: 'logo.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().logo_url;
    expect(url).toMatch(new RegExp(`^/svnmedia/images/logos/domain_logo_${code}\\.png\\?v=\\d+$`));

    const served = await media(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 488, 110]);
  });

  it('refuses 489x110 with exact_dimensions and keeps the logo that was there', async () => {
    const { id } = await newDomain();
    const first = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: base64(await png(488, 110)),
    });
    expect(first.statusCode).toBe(200);
    const before = await tenantSnapshot(t.db, 'domains', id);

    const res = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: base64(await png(489, 110)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'image_dimensions_invalid',
      fields: [expect.objectContaining({ field: 'image', rule: 'exact_dimensions' })],
    });
    expect(await tenantSnapshot(t.db, 'domains', id)).toBe(before);
    expect((await media(first.json().logo_url)).statusCode).toBe(200);
  });

  it('refuses a JPEG named .png by its content', async () => {
    const { id } = await newDomain();
    const res = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: `data:image/png;base64,${base64(await jpeg(488, 110))}`,
      file_name: 'logo.png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'unsupported_image_format',
      fields: [expect.objectContaining({ field: 'image', rule: 'format' })],
    });
    const row = await t.db.selectFrom('domains').select('logo_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.logo_key).toBeNull();
  });

  it('refuses a file over 2 MB, and bytes that are no image at all', async () => {
    const { id } = await newDomain();
    const big = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: base64(await paddedPng(488, 110, 2 * 1024 * 1024 + 1)),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({
      code: 'file_too_large',
      fields: [expect.objectContaining({ field: 'image', rule: 'max_size' })],
    });

    const text = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: base64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    });
    expect(text.statusCode).toBe(415);
    const notBase64 = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, { image: 'not base64!' });
    expect(notBase64.statusCode).toBe(422);
    expect(notBase64.json().error.fields).toEqual([expect.objectContaining({ field: 'image', rule: 'format' })]);
  });

  it('drops what follows the image data: the published file is the re-encoded picture only', async () => {
    const { id } = await newDomain();
    const padded = await paddedPng(488, 110, 300_000);
    const res = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, { image: base64(padded) });
    expect(res.statusCode).toBe(200);
    const served = await media(res.json().logo_url);
    expect(served.rawPayload.length).toBeLessThan(padded.length);
    expect(served.rawPayload.includes(Buffer.alloc(64, 7))).toBe(false);
  });

  it('removes the logo and its file', async () => {
    const { id } = await newDomain();
    const up = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, { image: base64(await png(488, 110)) });
    const removed = await call(t.app, master.token, 'DELETE', `/v1/domain/${id}/logo`);
    expect(removed.json().logo_url).toBeNull();
    expect((await media(up.json().logo_url)).statusCode).toBe(404);
  });
});

describe('splash image and round bottom logo', () => {
  it('takes a JPEG splash up to 860x645 and refuses a larger one', async () => {
    const { id, code } = await newDomain();
    const photo = await jpeg(860, 645);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const ok = await call(t.app, master.token, 'POST', `/v1/domain/${id}/splash`, { image: base64(photo) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().splash_url).toContain(`/svnmedia/images/splash/domain_splash_${code}.jpg`);
    // The camera's metadata does not reach the published file.
    const served = await media(ok.json().splash_url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const big = await call(t.app, master.token, 'POST', `/v1/domain/${id}/splash`, {
      image: base64(await jpeg(861, 645)),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().error.fields).toEqual([expect.objectContaining({ rule: 'max_dimensions' })]);

    // Replacing a JPEG splash with a PNG one removes the JPEG file.
    const asPng = await call(t.app, master.token, 'POST', `/v1/domain/${id}/splash`, {
      image: base64(await png(400, 300)),
    });
    expect(asPng.json().splash_url).toContain(`domain_splash_${code}.png`);
    expect((await media(ok.json().splash_url)).statusCode).toBe(404);
  });

  it('takes a round logo up to 300x300 and refuses 301x300', async () => {
    const { id } = await newDomain();
    const ok = await call(t.app, master.token, 'POST', `/v1/domain/${id}/round-logo`, {
      image: base64(await png(300, 300)),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().round_logo_url).toMatch(/domain_round_logo_\d{4}\.png/);
    const big = await call(t.app, master.token, 'POST', `/v1/domain/${id}/round-logo`, {
      image: base64(await png(301, 300)),
    });
    expect(big.json().error).toMatchObject({ code: 'image_dimensions_invalid' });
  });
});

describe('company logo: png, gif or jpg, up to 5 MB, for the sidebar', () => {
  it("publishes the domain company's GIF logo as company_logo_{code}.png, the sidebar's URL", async () => {
    const host = 'logo-dealer.example.test';
    const code = nextCompanyCode();
    const tenant = await t.make.tenant({ host, companyCode: code });
    const superUser = await t.make.signedIn({ tenant, privilege_type: 'super' });
    // Before: the lookup says there is none, so the sidebar asks for the product's logo, never a 404.
    const before = await call(t.app, undefined, 'GET', `/v1/companycode/${host}`);
    expect(before.json()).toMatchObject({ company_code: code, has_logo: false });
    const res = await call(t.app, superUser.token, 'POST', '/v1/company/logo', {
      image: base64(await gif(320, 120)),
      file_name: 'logo.gif',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo_url).toMatch(new RegExp(`^/svnmedia/images/logos/company_logo_${code}\\.png\\?v=\\d+$`));

    // What the sidebar loads: the code of the host, then the fixed logo URL.
    const lookup = await call(t.app, undefined, 'GET', `/v1/companycode/${host}`);
    expect(lookup.json()).toMatchObject({ company_code: code, has_logo: true });
    const served = await media(`/svnmedia/images/logos/company_logo_${code}.png`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 120]);

    const info = await call(t.app, superUser.token, 'GET', '/v1/companyinfo');
    expect(info.json().company.logo_url).toBe(res.json().logo_url);
  });

  it("gives another company of the domain a name of its own, so it never replaces the domain's logo", async () => {
    const host = 'two-companies.example.test';
    const code = nextCompanyCode();
    const tenant = await t.make.tenant({ host, companyCode: code });
    const first = await t.make.signedIn({ tenant, privilege_type: 'super' });
    const branch = await t.make.company({ domainId: tenant.domainId, name: 'Second company' });
    const second = await t.make.signedIn({ tenant, privilege_type: 'super', company_id: branch.id });
    await call(t.app, first.token, 'POST', '/v1/company/logo', { image: base64(await png(100, 50)) });
    const res = await call(t.app, second.token, 'POST', '/v1/company/logo', { image: base64(await jpeg(100, 50)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().logo_url).toContain(`company_logo_${code}_${second.companyId}.png`);
    const main = await media(`/svnmedia/images/logos/company_logo_${code}.png`);
    expect((await sharp(main.rawPayload).metadata()).width).toBe(100);
  });

  it('refuses a file over 5 MB and a format other than png, gif or jpg', async () => {
    const user = await t.make.signedIn({
      privilege_type: 'super',
      domain: { host: 'big-logo.example.test', companyCode: nextCompanyCode() },
    });
    const big = await call(t.app, user.token, 'POST', '/v1/company/logo', {
      image: base64(await paddedPng(200, 100, 5 * 1024 * 1024 + 1)),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields).toEqual([expect.objectContaining({ field: 'image', rule: 'max_size' })]);

    const webp = await solid(50, 50, 'webp', { background: '#fff' });
    const other = await call(t.app, user.token, 'POST', '/v1/company/logo', {
      image: base64(webp),
      file_name: 'a.png',
    });
    expect(other.statusCode).toBe(415);
    const row = await t.db
      .selectFrom('companies')
      .select('logo_key')
      .where('id', '=', user.companyId)
      .executeTakeFirst();
    expect(row?.logo_key).toBeNull();
  });

  it('is refused to admin and normal users', async () => {
    const host = 'logo-roles.example.test';
    const code = nextCompanyCode();
    const tenant = await t.make.tenant({ host, companyCode: code });
    await t.make.signedIn({ tenant, privilege_type: 'super' });
    for (const privilegeType of ['admin', 'normal'] as const) {
      const user = await t.make.signedIn({ tenant, privilege_type: privilegeType });
      const res = await call(t.app, user.token, 'POST', '/v1/company/logo', { image: base64(await png(10, 10)) });
      expect(res.statusCode).toBe(403);
      const removed = await call(t.app, user.token, 'DELETE', '/v1/company/logo');
      expect(removed.statusCode).toBe(403);
    }
  });

  it('removes the logo; the sidebar then falls back to the product logo', async () => {
    const code = nextCompanyCode();
    const user = await t.make.signedIn({
      privilege_type: 'super',
      domain: { host: 'logo-off.example.test', companyCode: code },
    });
    await call(t.app, user.token, 'POST', '/v1/company/logo', { image: base64(await png(10, 10)) });
    const res = await call(t.app, user.token, 'DELETE', '/v1/company/logo');
    expect(res.json().logo_url).toBeNull();
    expect((await media(`/svnmedia/images/logos/company_logo_${code}.png`)).statusCode).toBe(404);
    const lookup = await call(t.app, undefined, 'GET', '/v1/companycode/logo-off.example.test');
    expect(lookup.json()).toMatchObject({ company_code: code, has_logo: false });
  });
});

describe('files written ahead of their row', () => {
  it('are put back as they were when the change is rolled back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-stage-'));
    try {
      const store = createDiskBlobStore(dir);
      await store.put('images/logos/a.png', Buffer.from('old'));
      const replaced = await stageBlob(store, 'images/logos/a.png', Buffer.from('new'), 'image/png');
      const created = await stageBlob(store, 'images/logos/b.png', Buffer.from('new'), 'image/png');
      await replaced.rollback();
      await created.rollback();
      const a = await store.get('images/logos/a.png');
      const chunks: Buffer[] = [];
      for await (const chunk of a!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('old');
      expect(await store.exists('images/logos/b.png')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
