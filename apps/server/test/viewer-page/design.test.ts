import { DEFAULT_DESIGN_COLOURS, type PublishedManifest } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { designStyle } from '../../src/modules/viewer-page/design.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { redPicture } from '../helpers/pictures.ts';
import { API, as, fileRequest } from '../hotspots/fixtures.ts';
import { buildContents } from '../publishing/publishing-helpers.ts';
import { fakeViewerDist, pageDataOf } from './fake-dist.ts';

/**
 * The domain's custom design on its public viewer pages: the colours as CSS variables in the head and the custom
 * icons on the hotspots that have none of their own, read when the page is served (a saved design shows on every
 * published vehicle without a new publication), and never another domain's.
 */

const t = useTestApp({ viewerDist: await fakeViewerDist() });
let owner: SignedInUser;
let other: SignedInUser;
const colours = { accent: '#0b7285', hotspot: '#ffd43b', panel: '#212529', panel_text: '#f8f9fa' };

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { hotspot_browser: true, hotspot_app: false } });
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const elsewhere = await t.make.tenant({ options: { hotspot_browser: true, hotspot_app: false } });
  other = await t.make.signedIn({ tenant: elsewhere, privilege_type: 'super' });
});

/** A published vehicle with three exterior hotspots: one with its own icon, a standard one and a sound one. */
async function publishedWithHotspots(who: SignedInUser) {
  const [car = ''] = await t.make.vehicles(who);
  const seeded = await seedExterior(t, car, { rows: [8], width: 64, height: 36 });
  const group = seeded.rows[0]?.id ?? '';
  const add = async (title: string, iconType: string) => {
    const res = await as(t, who, {
      method: 'POST',
      url: `${API}/exterior/${car}/hotspots`,
      payload: {
        type: 'inspector',
        title,
        icon_type: iconType,
        placement: { group_id: group, key_frames: [{ frame: 0, x: 0.5, y: 0.5 }] },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const own = await add('Own icon', 'standard');
  const icon = await as(t, who, fileRequest(car, own, 'icon', await redPicture(80, 80, 'png', true), 'own.png'));
  expect(icon.statusCode, icon.body).toBe(200);
  await add('Standard', 'standard');
  await add('Sound', 'sound');
  const built = await buildContents(t.app, who, car);
  expect(built.statusCode, built.body).toBe(200);
  return built.json().short_id as string;
}

async function pageOf(shortId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/v/${shortId}` });
  expect(res.statusCode).toBe(200);
  const manifest = pageDataOf(res.body).manifest as PublishedManifest;
  const icons = Object.fromEntries((manifest.exterior?.rows[0]?.hotspots ?? []).map((h) => [h.title, h.icon.url]));
  return { html: res.body, icons };
}

describe('the custom design on the viewer page', () => {
  it('wears the defaults until the domain saves its own, then its colours and icons at once, without a new publication', async () => {
    const shortId = await publishedWithHotspots(owner);
    const before = await pageOf(shortId);
    expect(before.html).toContain(`--accent:${DEFAULT_DESIGN_COLOURS.accent}`);
    const ownUrl = before.icons['Own icon'];
    expect(ownUrl).toMatch(/^\/svnmedia\/contents\/.+\/published\//);
    expect(before.icons).toMatchObject({ Standard: null, Sound: null });

    const saved = await as(t, owner, { method: 'POST', url: `${API}/custom_design`, payload: { colours } });
    expect(saved.statusCode, saved.body).toBe(200);
    const iconPng = await redPicture(80, 80, 'png', true);
    const standard = await as(t, owner, {
      method: 'POST',
      url: `${API}/custom_design/icon/standard`,
      ...multipartFile(iconPng, 'standard.png', 'image/png'),
    });
    expect(standard.statusCode, standard.body).toBe(200);
    const designIcon = standard.json().icons.standard.url as string;

    const after = await pageOf(shortId);
    expect(after.html).toContain(
      '<style>html:root{--accent:#0b7285;--hotspot:#ffd43b;--panel:#212529;--panel-text:#f8f9fa}</style>',
    );
    // The hotspot's own icon wins; the standard one takes the domain's; sound has no custom icon, so stays standard.
    expect(after.icons).toEqual({ 'Own icon': ownUrl, Standard: designIcon, Sound: null });
    expect((await t.app.inject({ method: 'GET', url: designIcon })).statusCode).toBe(200);

    // Another domain's vehicle keeps the defaults.
    const theirs = await pageOf(await publishedWithHotspots(other));
    expect(theirs.html).toContain(`--accent:${DEFAULT_DESIGN_COLOURS.accent}`);
    expect(theirs.icons.Standard).toBeNull();
  });

  it('writes only #RRGGBB colours into the style element', () => {
    const hostile = { ...colours, accent: '#fff}</style><script>alert(1)</script>', panel: 'red;x:y' };
    const style = designStyle(hostile);
    expect(style).toBe('<style>html:root{--hotspot:#ffd43b;--panel-text:#f8f9fa}</style>');
  });
});
