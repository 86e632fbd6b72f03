import type { BlurRegion } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '../../src/db/schema.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { rgbPixels } from '../helpers/pictures.ts';

/**
 * The blur editor on real frames (the exterior seed: 36 numbered 320x180 frames, each a plain colour with its
 * "row-frame" label in white at the top left, stored in every size): the preview, the `blur` process (run inline,
 * as without a job runner), the undo, the locks and the refusals.
 */

const t = useTestApp();
let owner: SignedInUser;

/** Over the label (white text at the top left): blurring it changes those pixels, the flat colour round it not. */
const LABEL = { x: 0, y: 0, w: 0.5, h: 0.45 };
const LATER = { x: 0.4, y: 0.4, w: 0.5, h: 0.5 };
const plate = (keys: [number, typeof LABEL][], all_frames = false): BlurRegion => ({
  id: 'plate',
  shape: 'rect',
  all_frames,
  keys: keys.map(([frame, box]) => ({ frame, box })),
});

const api = (who: SignedInUser) => ({
  get: (url: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/browser/v0${url}`,
      headers: { authorization: `Bearer ${who.contentToken}` },
    }),
  post: (url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/browser/v0${url}`,
      headers: { authorization: `Bearer ${who.contentToken}` },
      payload,
    }),
  delete: (url: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/browser/v0${url}`,
      headers: { authorization: `Bearer ${who.contentToken}` },
    }),
});

interface Seeded {
  car: string;
  groupId: string;
  frameIds: string[];
  originals: StoredImage[];
}

async function vehicleWithFrames(
  who: SignedInUser,
  fields: Parameters<typeof t.make.vehicles>[1] = {},
  frames = 36,
): Promise<Seeded> {
  const [car] = await t.make.vehicles(who, fields);
  const seeded = await seedExterior(t, car!, { rows: [frames] });
  const row = seeded.rows[0]!;
  return { car: car!, groupId: row.id, frameIds: row.frameIds, originals: row.images };
}

async function blob(key: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: `/svnmedia/${key}` });
  expect(res.statusCode, key).toBe(200);
  return res.rawPayload;
}

/** Mean absolute difference (0..255) of two same-size pictures inside or outside a box (3 px margin). */
function difference(
  a: { data: Buffer; width: number; height: number },
  b: { data: Buffer },
  box: typeof LABEL,
  where: 'inside' | 'outside',
): number {
  const [x0, x1, y0, y1] = [box.x * a.width, (box.x + box.w) * a.width, box.y * a.height, (box.y + box.h) * a.height];
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const inside = x > x0 + 3 && x < x1 - 3 && y > y0 + 3 && y < y1 - 3;
      const outside = x < x0 - 3 || x > x1 + 3 || y < y0 - 3 || y > y1 + 3;
      if (where === 'inside' ? !inside : !outside) continue;
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      count += 3;
    }
  }
  return sum / count;
}

const framesOf = (groupId: string) =>
  t.db
    .selectFrom('exterior_frames')
    .select(['id', 'frame_order', 'original', 'edited', 'edit_kind'])
    .where('group_id', '=', groupId)
    .orderBy('frame_order')
    .execute();

const previewUrl = (s: Seeded, query: Record<string, string>) =>
  `/blurred_preview/${s.car}?${new URLSearchParams({ group_id: s.groupId, ...query }).toString()}`;

beforeAll(async () => {
  owner = await t.make.signedIn();
});

/** One vehicle for the tests that change nothing (previews, refusals), made once. */
let shared: Promise<Seeded> | undefined;
const sharedVehicle = () => {
  shared ??= vehicleWithFrames(owner);
  return shared;
};

describe('GET /blurred_preview/{id}', () => {
  it('answers a JPEG of the frame at display size, changed inside the region and the same outside', async () => {
    const s = await sharedVehicle();
    const regions = JSON.stringify([
      plate([
        [0, LABEL],
        [18, LATER],
      ]),
    ]);
    const res = await api(owner).get(previewUrl(s, { frame: '0', blur_str: '100', regions }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    const preview = await rgbPixels(res.rawPayload);
    const original = await rgbPixels(await blob(s.originals[0]!.renditions.display!.jpeg));
    expect([preview.width, preview.height]).toEqual([320, 180]);
    expect(difference(original, preview, LABEL, 'inside')).toBeGreaterThan(8);
    expect(difference(original, preview, LABEL, 'outside')).toBeLessThan(3);

    // Nothing is stored by a preview.
    expect((await framesOf(s.groupId)).every((f) => f.edited === null)).toBe(true);
  });

  it('places the region where the key frames put it on a frame between them, and fills with a colour', async () => {
    const s = await sharedVehicle();
    const regions = JSON.stringify([
      plate([
        [0, { x: 0, y: 0, w: 0.2, h: 0.2 }],
        [18, { x: 0.8, y: 0.8, w: 0.2, h: 0.2 }],
      ]),
    ]);
    const res = await api(owner).get(previewUrl(s, { frame: '9', bg_color: '#ff00ff', regions }));
    expect(res.statusCode, res.body).toBe(200);
    const preview = await rgbPixels(res.rawPayload);
    // Halfway: the box is at (0.4, 0.4) to (0.6, 0.6), its centre magenta, the old places untouched.
    const at = (fx: number, fy: number) => {
      const i = (Math.round(fy * preview.height) * preview.width + Math.round(fx * preview.width)) * 3;
      return [preview.data[i]!, preview.data[i + 1]!, preview.data[i + 2]!];
    };
    const [r, g, b] = at(0.5, 0.5);
    expect(r).toBeGreaterThan(235);
    expect(g).toBeLessThan(20);
    expect(b).toBeGreaterThan(235);
    const original = await rgbPixels(await blob(s.originals[9]!.renditions.display!.jpeg));
    expect(difference(original, preview, { x: 0.4, y: 0.4, w: 0.2, h: 0.2 }, 'outside')).toBeLessThan(3);
  });

  it('changes nothing on a frame outside the region’s key frames', async () => {
    const s = await sharedVehicle();
    const regions = JSON.stringify([
      plate([
        [0, LABEL],
        [18, LABEL],
      ]),
    ]);
    const res = await api(owner).get(previewUrl(s, { frame: '25', bg_color: '#ff00ff', regions }));
    expect(res.statusCode).toBe(200);
    const original = await rgbPixels(await blob(s.originals[25]!.renditions.display!.jpeg));
    expect(difference(original, await rgbPixels(res.rawPayload), LABEL, 'inside')).toBeLessThan(3);
  });
});

describe('POST /blurred_contents/{id}: the blur process', () => {
  it('makes an edited image for every frame of the range from its original; the rest and the originals stay', async () => {
    const s = await vehicleWithFrames(owner);
    const body = {
      group_id: s.groupId,
      blur_str: 80,
      regions: [
        plate([
          [0, LABEL],
          [18, LATER],
        ]),
      ],
    };
    const res = await api(owner).post(`/blurred_contents/${s.car}`, body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process).toMatchObject({ process: 'blur', status: 'succeeded' });

    const frames = await framesOf(s.groupId);
    expect(frames.map((f) => f.original)).toEqual(s.originals);
    for (const f of frames) {
      if (f.frame_order <= 18) {
        expect(f.edit_kind, `frame ${f.frame_order}`).toBe('blur');
        expect(f.edited!.master).not.toBe(f.original.master);
        // The same sizes as the original, so every rendition keeps its place in the viewer.
        expect(Object.keys(f.edited!.renditions).sort()).toEqual(Object.keys(f.original.renditions).sort());
        expect(f.edited!.renditions.display!.width).toBe(f.original.renditions.display!.width);
      } else {
        expect(f.edit_kind, `frame ${f.frame_order}`).toBeNull();
        expect(f.edited).toBeNull();
      }
    }
    // Frame 0 blurred over its label, and the rest of it as it was.
    const edited = await rgbPixels(await blob(frames[0]!.edited!.renditions.display!.jpeg));
    const original = await rgbPixels(await blob(s.originals[0]!.renditions.display!.jpeg));
    expect(difference(original, edited, LABEL, 'inside')).toBeGreaterThan(8);
    expect(difference(original, edited, LABEL, 'outside')).toBeLessThan(3);

    // The list's thumbnail follows the first frame's blur.
    const content = await t.db
      .selectFrom('contents')
      .select('thumbnail_key')
      .where('id', '=', s.car)
      .executeTakeFirst();
    expect(content?.thumbnail_key).toBe(frames[0]!.edited!.renditions.thumbnail!.jpeg);

    // The settings are saved and read back.
    const read = await api(owner).get(`/blurred_contents/${s.car}`);
    expect(read.statusCode).toBe(200);
    const row = read.json().rows[0];
    expect(row.settings).toMatchObject({ blur_target: 'regions', blur_str: 80, bg_color: null });
    expect(row.settings.regions).toEqual(body.regions);
    expect(row.frames[0]).toMatchObject({ index: 0, edit_kind: 'blur' });
    expect(row.frames[0].original.renditions.display.jpeg).toContain(s.originals[0]!.renditions.display!.jpeg);
    expect(read.json().process).toMatchObject({ process: 'blur', status: 'succeeded', progress: 100 });
  });

  it('renders from the originals, never on top of an earlier blur; a new apply drops frames no longer covered', async () => {
    const s = await vehicleWithFrames(owner);
    const first = {
      group_id: s.groupId,
      blur_str: 60,
      regions: [
        plate([
          [0, LABEL],
          [4, LABEL],
        ]),
      ],
    };
    expect((await api(owner).post(`/blurred_contents/${s.car}`, first)).statusCode).toBe(202);
    const once = await framesOf(s.groupId);
    expect((await api(owner).post(`/blurred_contents/${s.car}`, first)).statusCode).toBe(202);
    const twice = await framesOf(s.groupId);
    // The same picture both times (content-addressed keys): the second blur started from the original again.
    expect(twice.map((f) => f.edited)).toEqual(once.map((f) => f.edited));

    const narrower = { ...first, regions: [plate([[2, LABEL]])] };
    expect((await api(owner).post(`/blurred_contents/${s.car}`, narrower)).statusCode).toBe(202);
    const after = await framesOf(s.groupId);
    expect(after.filter((f) => f.edit_kind === 'blur').map((f) => f.frame_order)).toEqual([2]);
    expect(after[2]!.edited).toEqual(once[2]!.edited);
  });

  it('skips replaced frames: the replacement stays as it is', async () => {
    const s = await vehicleWithFrames(owner);
    const replacement = s.originals[30]!;
    await exteriorRepo(t.db).setEdited(s.frameIds[1]!, { image: replacement, kind: 'replace' });
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: s.groupId,
      bg_color: '#000000',
      regions: [plate([[0, LABEL]], true)],
    });
    expect(res.statusCode, res.body).toBe(202);
    const frames = await framesOf(s.groupId);
    expect(frames[1]).toMatchObject({ edit_kind: 'replace', edited: replacement });
    expect(frames.filter((f) => f.edit_kind === 'blur')).toHaveLength(35);
    // The preview says so, and shows the replacement unblurred.
    const preview = await api(owner).get(
      previewUrl(s, { frame: '1', bg_color: '#000000', regions: JSON.stringify([plate([[0, LABEL]], true)]) }),
    );
    expect(preview.headers['x-blur-skipped']).toBe('replaced');
    const shown = await rgbPixels(await blob(replacement.renditions.display!.jpeg));
    expect(difference(shown, await rgbPixels(preview.rawPayload), LABEL, 'inside')).toBeLessThan(3);
  });

  it('reports progress as it goes (the process row, as the live socket sends it)', async () => {
    const s = await vehicleWithFrames(owner);
    const { blurWork } = await import('../../src/modules/exterior/blur-work.ts');
    const { createMedia } = await import('../../src/platform/media/index.ts');
    const { testAppStore } = await import('../helpers/exterior-seed.ts');
    const seen: number[] = [];
    await blurWork({ db: t.db, store: testAppStore(t.dir), media: createMedia() })({
      processId: '0',
      contentId: s.car,
      actorUserId: owner.id,
      payload: {
        group_id: s.groupId,
        blur_target: 'regions',
        blur_str: 50,
        bg_color: null,
        regions: [
          plate([
            [0, LABEL],
            [9, LABEL],
          ]),
        ],
      },
      progress: async (value) => {
        seen.push(value);
      },
      heartbeat: async () => undefined,
    });
    expect(seen).toHaveLength(10);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(95);
    expect((await framesOf(s.groupId)).filter((f) => f.edit_kind === 'blur')).toHaveLength(10);
  });
});

describe('DELETE /blurred_contents/{id}: undo', () => {
  it('shows the originals again, keeps replacements and the settings, and the thumbnail follows', async () => {
    const s = await vehicleWithFrames(owner);
    await exteriorRepo(t.db).setEdited(s.frameIds[3]!, { image: s.originals[20]!, kind: 'replace' });
    const body = { group_id: s.groupId, blur_str: 40, regions: [plate([[0, LABEL]], true)] };
    expect((await api(owner).post(`/blurred_contents/${s.car}`, body)).statusCode).toBe(202);
    const res = await api(owner).delete(`/blurred_contents/${s.car}?group_id=${s.groupId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ content_id: s.car, group_id: s.groupId, restored: 35 });
    const frames = await framesOf(s.groupId);
    expect(frames.map((f) => f.original)).toEqual(s.originals);
    expect(frames.filter((f) => f.edit_kind !== null).map((f) => [f.frame_order, f.edit_kind])).toEqual([
      [3, 'replace'],
    ]);
    const content = await t.db
      .selectFrom('contents')
      .select('thumbnail_key')
      .where('id', '=', s.car)
      .executeTakeFirst();
    expect(content?.thumbnail_key).toBe(s.originals[0]!.renditions.thumbnail!.jpeg);
    const read = await api(owner).get(`/blurred_contents/${s.car}`);
    expect(read.json().rows[0].settings.regions).toEqual(body.regions);
  });
});

describe('locks (the domain lock rules)', () => {
  it.each(['exterior_replace_image', 'slider_movie', 'obvr_movie', 'transfer'] as const)(
    'a running %s refuses apply and undo with content_locked naming it; the preview and the reading still answer',
    async (processName) => {
      const s = await vehicleWithFrames(owner, { process: 'running', processName }, 8);
      const body = { group_id: s.groupId, blur_str: 40, regions: [plate([[0, LABEL]])] };
      const apply = await api(owner).post(`/blurred_contents/${s.car}`, body);
      expect(apply.statusCode).toBe(409);
      expect(apply.json().error.code).toBe('content_locked');
      expect(apply.body).toContain(processName);
      const undo = await api(owner).delete(`/blurred_contents/${s.car}?group_id=${s.groupId}`);
      expect(undo.statusCode).toBe(409);
      expect(undo.json().error.code).toBe('content_locked');
      expect((await framesOf(s.groupId)).every((f) => f.edited === null)).toBe(true);
      const read = await api(owner).get(`/blurred_contents/${s.car}`);
      expect(read.json().rows[0].settings).toBeNull();
      const preview = await api(owner).get(
        previewUrl(s, { frame: '0', blur_str: '40', regions: JSON.stringify(body.regions) }),
      );
      expect(preview.statusCode).toBe(200);
    },
  );

  it('a running blur refuses another apply (blur locks APPLY_BLUR)', async () => {
    const s = await vehicleWithFrames(owner, { process: 'running', processName: 'blur' }, 8);
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: s.groupId,
      blur_str: 40,
      regions: [plate([[0, LABEL]])],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('content_locked');
  });

  it('a running multiple does not: the spec has it lock only content delete and transfer (a row can be blurred while another is made)', async () => {
    const s = await vehicleWithFrames(owner, { process: 'running', processName: 'multiple' }, 8);
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: s.groupId,
      blur_str: 40,
      regions: [plate([[0, LABEL]])],
    });
    expect(res.statusCode, res.body).toBe(202);
  });
});

describe('background target', () => {
  it("needs the domain's background blur option", async () => {
    const s = await sharedVehicle();
    const body = { group_id: s.groupId, blur_str: 40, blur_target: 'background', regions: [plate([[0, LATER]])] };
    const res = await api(owner).post(`/blurred_contents/${s.car}`, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await api(owner).get(`/blurred_contents/${s.car}`)).json().background_blur).toBe(false);
  });

  it('with the option, everything outside the regions changes and the regions stay', async () => {
    const tenant = await t.make.tenant({ options: { background_blur: true } });
    const dealer = await t.make.signedIn({ tenant });
    const s = await vehicleWithFrames(dealer, {}, 8);
    expect((await api(dealer).get(`/blurred_contents/${s.car}`)).json().background_blur).toBe(true);
    const body = {
      group_id: s.groupId,
      bg_color: '#00ff00',
      blur_target: 'background',
      regions: [plate([[0, LABEL]], true)],
    };
    const res = await api(dealer).post(`/blurred_contents/${s.car}`, body);
    expect(res.statusCode, res.body).toBe(202);
    const frames = await framesOf(s.groupId);
    const edited = await rgbPixels(await blob(frames[5]!.edited!.renditions.display!.jpeg));
    const original = await rgbPixels(await blob(s.originals[5]!.renditions.display!.jpeg));
    expect(difference(original, edited, LABEL, 'inside')).toBeLessThan(3);
    expect(difference(original, edited, LABEL, 'outside')).toBeGreaterThan(60);
  });
});

describe('bad inputs: 422 naming the field, nothing changed', () => {
  it.each([
    ['no strength nor colour', { regions: [plate([[0, LABEL]])] }, 'blur_str'],
    ['a key frame past the row', { blur_str: 40, regions: [plate([[40, LABEL]])] }, 'regions.0.keys.0.frame'],
    [
      'key frames lapping the spin',
      {
        blur_str: 40,
        regions: [
          plate([
            [0, LABEL],
            [20, LABEL],
            [10, LABEL],
          ]),
        ],
      },
      'regions.0.keys',
    ],
    [
      'a box leaving the frame',
      { blur_str: 40, regions: [plate([[0, { ...LABEL, x: 0.9 }]])] },
      'regions.0.keys.0.box.w',
    ],
    ['a strength of 0', { blur_str: 0, regions: [plate([[0, LABEL]])] }, 'blur_str'],
  ])('apply: %s', async (_name, over, field) => {
    const s = await sharedVehicle();
    const res = await api(owner).post(`/blurred_contents/${s.car}`, { group_id: s.groupId, ...over });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect((await framesOf(s.groupId)).every((f) => f.edited === null)).toBe(true);
    expect((await api(owner).get(`/blurred_contents/${s.car}`)).json().rows[0].settings).toBeNull();
  });

  it('a row of another vehicle is group_id', async () => {
    const s = await sharedVehicle();
    const other = await vehicleWithFrames(owner, {}, 4);
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: other.groupId,
      blur_str: 40,
      regions: [plate([[0, LABEL]])],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('group_id');
    const undo = await api(owner).delete(`/blurred_contents/${s.car}?group_id=${other.groupId}`);
    expect(undo.statusCode).toBe(422);
  });

  it.each([
    ['regions that are no JSON', { frame: '0', blur_str: '40', regions: '[{' }, 'regions'],
    ['regions too long', { frame: '0', blur_str: '40', regions: `[${' '.repeat(6500)}]` }, 'regions'],
    ['a frame past the row', { frame: '36', blur_str: '40' }, 'frame'],
    ['a frame that is no number', { frame: 'x', blur_str: '40' }, 'frame'],
    ['a colour that is no colour', { frame: '0', bg_color: 'red' }, 'bg_color'],
  ])('preview: %s', async (_name, query, field) => {
    const s = await sharedVehicle();
    const res = await api(owner).get(previewUrl(s, query));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});
