import { DEFAULT_DESIGN_COLOURS, pictureFileRefusal } from '@spinyard/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { declaredPng } from '../helpers/hostile-images.ts';
import { callerOf } from '../helpers/isolation.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { jpeg, png, solid } from '../helpers/pictures.ts';

/**
 * Custom design through the content API against the real database: the defaults until saved, the colours and the
 * custom icons saved by super and admin (a normal user reads only), the domain option that opens the screen, the
 * icon rules judged by content, and a refused change changing nothing.
 */

const API = '/api/browser/v0';
const t = useTestApp();
let superUser: SignedInUser;
let admin: SignedInUser;
let normal: SignedInUser;
let offSuper: SignedInUser;

const as = callerOf(t);

const colours = { accent: '#0b7285', hotspot: '#ffd43b', panel: '#212529', panel_text: '#f8f9fa' };

const uploadIcon = (who: SignedInUser, iconType: string, data: Buffer, name = 'icon.png') => {
  const body = multipartFile(data, name, 'image/png');
  return as(who, { method: 'POST', url: `${API}/custom_design/icon/${iconType}`, ...body });
};

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { hotspot_browser: true, hotspot_app: false } });
  superUser = await t.make.signedIn({ tenant, privilege_type: 'super' });
  admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const off = await t.make.tenant({ options: { hotspot_browser: false, hotspot_app: false } });
  offSuper = await t.make.signedIn({ tenant: off, privilege_type: 'super' });
});

describe('custom design', () => {
  it('answers the defaults before anything is saved, editable for super', async () => {
    const res = await as(superUser, { method: 'GET', url: `${API}/custom_design` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      colours: DEFAULT_DESIGN_COLOURS,
      icons: { standard: null, sound: null, movie: null },
      updated_at: null,
      can_edit: true,
    });
  });

  it('saves the colours for the whole domain: the admin reads what super saved, the normal user cannot change it', async () => {
    const saved = await as(superUser, { method: 'POST', url: `${API}/custom_design`, payload: { colours } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().colours).toEqual(colours);
    expect(saved.json().updated_at).toEqual(expect.any(String));

    const read = await as(normal, { method: 'GET', url: `${API}/custom_design` });
    expect(read.json()).toMatchObject({ colours, can_edit: false });
    const refused = await as(normal, {
      method: 'POST',
      url: `${API}/custom_design`,
      payload: { colours: { ...colours, accent: '#000000' } },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');

    const byAdmin = await as(admin, {
      method: 'POST',
      url: `${API}/custom_design`,
      payload: { colours: { ...colours, accent: '#c92a2a' } },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await as(superUser, { method: 'GET', url: `${API}/custom_design` })).json().colours.accent).toBe('#c92a2a');
  });

  it('refuses a colour that is not #RRGGBB, naming it, and keeps the design', async () => {
    const before = (await as(superUser, { method: 'GET', url: `${API}/custom_design` })).json();
    for (const bad of ['red', '#fff', 'javascript:alert(1)', '#12345g', '<b>#000000</b>']) {
      const res = await as(superUser, {
        method: 'POST',
        url: `${API}/custom_design`,
        payload: { colours: { ...colours, panel: bad } },
      });
      expect(res.statusCode, bad).toBe(422);
      expect(JSON.stringify(res.json().error.fields)).toContain('panel');
    }
    const extra = await as(superUser, {
      method: 'POST',
      url: `${API}/custom_design`,
      payload: { colours: { ...colours, font: '#000000' } },
    });
    expect(extra.statusCode).toBe(422);
    expect((await as(superUser, { method: 'GET', url: `${API}/custom_design` })).json()).toEqual(before);
  });

  it('is closed to a domain that uses hotspots neither in the browser nor in the app', async () => {
    expect((await as(offSuper, { method: 'GET', url: `${API}/custom_design` })).statusCode).toBe(403);
    const res = await as(offSuper, { method: 'POST', url: `${API}/custom_design`, payload: { colours } });
    expect(res.statusCode).toBe(403);
    expect((await uploadIcon(offSuper, 'standard', await png(80, 80))).statusCode).toBe(403);
  });
});

describe('custom icons', () => {
  it('stores a PNG per icon type, re-encoded within 160x160 and served as a PNG', async () => {
    const transparent = await solid(400, 200, 'png', { channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } });
    const res = await uploadIcon(superUser, 'sound', transparent);
    expect(res.statusCode, res.body).toBe(200);
    const icon = res.json().icons.sound;
    expect(icon).toMatchObject({ width: 160, height: 80 });
    expect(res.json().icons.standard).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: icon.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it('refuses what is not a PNG by its content, and a picture over 1024 a side; the icon before stays', async () => {
    const jpegAsPng = await uploadIcon(superUser, 'sound', await jpeg(80, 80), 'icon.png');
    expect(jpegAsPng.statusCode).toBe(415);
    expect(jpegAsPng.json().error.code).toBe('unsupported_image_format');
    const text = await uploadIcon(superUser, 'sound', Buffer.from('<svg onload="alert(1)"/>'), 'icon.png');
    expect(text.statusCode).toBe(415);
    const big = await uploadIcon(superUser, 'sound', await png(1100, 80));
    expect(big.statusCode).toBe(422);
    expect(big.json().error.code).toBe('image_dimensions_invalid');
    const design = (await as(superUser, { method: 'GET', url: `${API}/custom_design` })).json();
    expect(design.icons.sound).toMatchObject({ width: 160, height: 80 });
  });

  it('judges an icon by the domain’s icon rule, the console’s check before sending: the same codes and values', async () => {
    // A PNG header declaring 20000x20000 (no pixels behind it): refused by the decoding bound before any decode.
    const bomb = await uploadIcon(superUser, 'sound', declaredPng(20_000, 20_000, 1));
    const bound = pictureFileRefusal('icon', { mime: 'image/png', width: 20_000, height: 20_000 });
    expect(bound?.params.rule).toBe('max_pixels');
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().error).toMatchObject({ code: bound?.code, params: bound?.params });
    expect(bomb.json().error.fields).toEqual([{ field: 'file', rule: 'max_pixels', message: bound?.message }]);
    const side = await uploadIcon(superUser, 'sound', await png(1100, 80));
    const rule = pictureFileRefusal('icon', { mime: 'image/png', width: 1100, height: 80 });
    expect(side.json().error).toMatchObject({ code: rule?.code, params: rule?.params });
    const notPng = await uploadIcon(superUser, 'sound', await jpeg(80, 80), 'icon.png');
    const type = pictureFileRefusal('icon', { mime: 'image/jpeg', width: 80, height: 80 });
    expect(notPng.json().error).toMatchObject({ code: type?.code, params: type?.params });
  });

  it('lets an admin remove an icon, not a normal user', async () => {
    expect((await uploadIcon(normal, 'movie', await png(80, 80))).statusCode).toBe(403);
    const refused = await as(normal, { method: 'DELETE', url: `${API}/custom_design/icon/sound` });
    expect(refused.statusCode).toBe(403);
    const removed = await as(admin, { method: 'DELETE', url: `${API}/custom_design/icon/sound` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().icons.sound).toBeNull();
    expect(removed.json().colours.accent).toBe('#c92a2a');
    const unknown = await as(admin, { method: 'DELETE', url: `${API}/custom_design/icon/giant` });
    expect(unknown.statusCode).toBe(422);
  });
});
