import { type PublishedManifest, publishedManifest } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { panorama, redPicture } from '../helpers/pictures.ts';
import { API, as, fileRequest, tone } from '../hotspots/fixtures.ts';
import { uploadPanorama } from '../interior/panoramas.ts';
import { buildContents, manifestOf } from './publishing-helpers.ts';

/**
 * Hotspots in the published manifest: each exterior hotspot in its row, each interior one in its scene, their files
 * copied into the published folder; the manifest stays as built while hotspots are edited; the dealer's text stays
 * inert text and no URL in the manifest is one the dealer typed.
 */

const t = useTestApp();
let dealer: SignedInUser;
let pano: Buffer;

beforeAll(async () => {
  dealer = await t.make.signedIn();
  pano = await panorama(512, 256);
});

async function vehicle(owner = dealer) {
  const [id] = (await t.make.vehicles(owner)) as [string];
  // Row 1: the spin (8 frames); row 2: a temp row shot around a detail, for a 360 close-up.
  const seeded = await seedExterior(t, id, { rows: [8, 4], width: 64, height: 36, tempRows: [2] });
  const scene = await uploadPanorama(t.app, owner.contentToken, id, pano);
  expect(scene.statusCode, scene.body).toBe(201);
  return { id, group: seeded.rows[0]!.id, closeup: seeded.rows[1]!.id, scene: scene.json().id as string };
}

async function add(car: string, kind: 'exterior' | 'interior', body: Record<string, unknown>, owner = dealer) {
  const res = await as(t, owner, { method: 'POST', url: `${API}/${kind}/${car}/hotspots`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const exterior = (group: string, extra: Record<string, unknown> = {}) => ({
  type: 'image',
  title: 'Sunroof',
  placement: {
    group_id: group,
    key_frames: [
      { frame: 2, x: 0.2, y: 0.5 },
      { frame: 5, x: 0.5, y: 0.2 },
    ],
  },
  ...extra,
});

async function upload(owner: SignedInUser, car: string, hotspot: string, kind: string, data: Buffer, name: string) {
  const res = await as(t, owner, fileRequest(car, hotspot, kind, data, name));
  expect(res.statusCode, res.body).toBe(200);
}

async function publish(car: string, owner = dealer) {
  const built = await buildContents(t.app, owner, car);
  expect(built.statusCode, built.body).toBe(200);
  const res = await manifestOf(t.app, built.json().short_id);
  expect(res.statusCode, res.body).toBe(200);
  return { shortId: built.json().short_id as string, body: res.body, manifest: publishedManifest.parse(res.json()) };
}

/** Every string of the manifest held under a URL-like key. */
function urlsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /(^|_)(url|urls|jpeg|webp|master)$/.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => urlsOf(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => urlsOf(v, k));
  return [];
}

const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe('hotspots in the manifest', () => {
  it('carries exterior hotspots in their row and interior ones in their scene, every file a published copy', async () => {
    const v = await vehicle();
    const image = await add(v.id, 'exterior', exterior(v.group, { icon_type: 'standard', damage_colour: 'red' }));
    await upload(dealer, v.id, image, 'image', await redPicture(400, 300, 'jpeg'), 'detail.jpg');
    await upload(dealer, v.id, image, 'icon', await redPicture(80, 80, 'png', true), 'icon.png');
    await add(
      v.id,
      'exterior',
      exterior(v.group, { type: 'closeup_360', title: 'Wheel', closeup_group_id: v.closeup }),
    );
    await add(
      v.id,
      'exterior',
      exterior(v.group, { type: 'video_link', title: 'Tour', video_url: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
    const audio = await add(v.id, 'interior', {
      type: 'audio',
      icon_type: 'sound',
      title: 'Stereo',
      body: 'Line one\nLine two',
      placement: { scene_id: v.scene, yaw: 30, pitch: -10 },
    });
    await upload(dealer, v.id, audio, 'audio', await tone('mp3', 2), 'tone.mp3');

    const { manifest } = await publish(v.id);
    // The temp row is not part of the spin; its frames travel inside the close-up hotspot.
    expect(manifest.exterior?.rows).toHaveLength(1);
    const row = manifest.exterior?.rows[0];
    expect(row?.hotspots.map((h) => h.type)).toEqual(['image', 'closeup_360', 'video_link']);
    const [withImage, closeup, link] = row?.hotspots ?? [];
    expect(withImage).toMatchObject({
      title: 'Sunroof',
      damage_colour: 'red',
      frames: [2, 3, 4, 5],
      key_frames: [
        { frame: 2, x: 0.2, y: 0.5 },
        { frame: 5, x: 0.5, y: 0.2 },
      ],
      icon: { type: 'standard', id: 24, width: 80, height: 80 },
    });
    expect(withImage?.image?.width).toBe(400);
    expect(closeup?.icon).toEqual({ type: 'standard', id: 24, url: null, width: null, height: null });
    expect(closeup?.closeup?.frames).toHaveLength(4);
    expect(link?.video_link?.video_id).toBe('dQw4w9WgXcQ');

    const scene = manifest.interior?.scenes[0];
    expect(scene?.hotspots).toHaveLength(1);
    expect(scene?.hotspots[0]).toMatchObject({
      type: 'audio',
      yaw: 30,
      pitch: -10,
      body: 'Line one\nLine two',
      icon: { type: 'sound', id: 24, url: null },
      audio: { format: 'mp3' },
    });

    const published = `/svnmedia/contents/${v.id}/published/`;
    for (const url of [
      withImage?.icon.url,
      withImage?.image?.renditions.display?.jpeg,
      closeup?.closeup?.frames[0]?.image.renditions.display?.webp,
      scene?.hotspots[0]?.audio?.url,
    ].map((u) => u ?? '')) {
      expect(url.startsWith(published), url).toBe(true);
      expect(await status(url), url).toBe(200);
    }
  });

  it('does not change when a hotspot is edited or moved until published again; a replaced icon or a removal at once', async () => {
    const v = await vehicle();
    const first = await add(v.id, 'exterior', exterior(v.group));
    await upload(dealer, v.id, first, 'icon', await redPicture(80, 80, 'png', true), 'icon.png');
    const second = await add(v.id, 'interior', {
      type: 'inspector',
      title: 'Seat',
      placement: { scene_id: v.scene, yaw: 0, pitch: 0 },
    });
    const before = await publish(v.id);
    const oldIcon = before.manifest.exterior?.rows[0]?.hotspots[0]?.icon.url ?? '';

    const base = `${API}/exterior/${v.id}/hotspots/${first}`;
    const edits = [
      await as(t, dealer, { method: 'POST', url: base, payload: { title: 'Panoramic roof', damage_colour: 'blue' } }),
      await as(t, dealer, {
        method: 'POST',
        url: `${base}/coordinates`,
        payload: { group_id: v.group, key_frames: [{ frame: 0, x: 0.9, y: 0.9 }] },
      }),
    ];
    for (const res of edits) expect(res.statusCode, res.body).toBe(200);

    const during = await manifestOf(t.app, before.shortId);
    expect(during.body).toBe(before.body);

    // A replaced icon or a removed hotspot takes away a file or a hotspot buyers see: the vehicle is published again
    // at once, as it stands, the waiting edits included (docs/decisions.md, "Publishing: pending changes").
    const replaced = await as(
      t,
      dealer,
      fileRequest(v.id, first, 'icon', await redPicture(64, 64, 'png', true), 'o.png'),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const removed = await as(t, dealer, { method: 'DELETE', url: `${API}/interior/${v.id}/hotspots/${second}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = publishedManifest.parse((await manifestOf(t.app, before.shortId)).json());
    const moved = after.exterior?.rows[0]?.hotspots[0];
    expect(moved).toMatchObject({ title: 'Panoramic roof', damage_colour: 'blue', frames: [0] });
    expect(moved?.icon.url).not.toBe(oldIcon);
    expect(moved?.icon.width).toBe(64);
    expect(after.interior?.scenes[0]?.hotspots).toEqual([]);
  });

  it('leaves hotspots out when the domain turns the browser hotspots off', async () => {
    const owner = await t.make.signedIn({ domain: { options: { hotspot_browser: false } } });
    const v = await vehicle(owner);
    const id = await add(v.id, 'exterior', exterior(v.group), owner);
    await upload(owner, v.id, id, 'icon', await redPicture(80, 80, 'png', true), 'icon.png');
    const { manifest } = await publish(v.id, owner);
    expect(manifest.options.hotspots).toBe(false);
    expect(manifest.exterior?.rows[0]?.hotspots).toEqual([]);
    expect(urlsOf(manifest).some((u) => u.endsWith('.png'))).toBe(false);
  });
});

describe('no HTML injection through hotspots', () => {
  let shared: ReturnType<typeof vehicle> | undefined;
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    'javascript:alert(1)',
    '<a href="javascript:alert(1)">open</a>',
  ];

  it('keeps markup in title, body and damage position as the exact inert text, never a URL', async () => {
    const v = await vehicle();
    for (const [i, text] of payloads.entries()) {
      await add(
        v.id,
        'exterior',
        exterior(v.group, {
          type: 'inspector',
          title: text,
          body: `${text}\n${text}`,
          damage_position: text.slice(0, 100),
        }),
      );
      await add(v.id, 'interior', {
        type: 'inspector',
        title: text,
        body: text,
        placement: { scene_id: v.scene, yaw: i, pitch: 0 },
      });
    }
    const { manifest } = await publish(v.id);
    const hotspots = [
      ...(manifest.exterior?.rows[0]?.hotspots ?? []),
      ...(manifest.interior?.scenes[0]?.hotspots ?? []),
    ];
    expect(hotspots).toHaveLength(payloads.length * 2);
    expect(new Set(hotspots.map((h) => h.title))).toEqual(new Set(payloads));
    for (const h of manifest.exterior?.rows[0]?.hotspots ?? []) expect(h.body).toBe(`${h.title}\n${h.title}`);
    assertSafeUrls(manifest, v.id);
  });

  it.each(
    payloads.concat([
      'javascript:alert(document.cookie)//https://youtu.be/dQw4w9WgXcQ',
      'data:text/html,<script>alert(1)</script>',
    ]),
  )('refuses %s as a video link, naming video_url', async (url) => {
    shared ??= vehicle();
    const v = await shared;
    const res = await as(t, dealer, {
      method: 'POST',
      url: `${API}/exterior/${v.id}/hotspots`,
      payload: exterior(v.group, { type: 'video_link', video_url: url }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain('video_url');
  });

  it('answers the manifest as JSON that a browser will not sniff as HTML', async () => {
    const v = await vehicle();
    await add(v.id, 'exterior', exterior(v.group, { type: 'inspector', title: '<script>alert(1)</script>' }));
    const built = (await buildContents(t.app, dealer, v.id)).json();
    const res = await manifestOf(t.app, built.short_id);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

function assertSafeUrls(manifest: PublishedManifest, id: string) {
  const urls = urlsOf(manifest);
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const ours = url.startsWith(`/svnmedia/contents/${id}/published/`);
    const videoSite = /^https:\/\/(www\.youtube\.com|i\.ytimg\.com|youtu\.be)\//.test(url);
    expect(ours || videoSite, url).toBe(true);
  }
}
