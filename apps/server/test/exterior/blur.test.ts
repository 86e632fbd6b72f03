import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../helpers/factory.ts';
import { rgbPixels } from '../helpers/pictures.ts';
import { difference, LABEL, LATER, plate, type Seeded, useBlurApp } from './blur-helpers.ts';

/**
 * The blur editor on real frames (blur-helpers.ts): the preview, the background target and the refusals. The
 * `blur` process, the undo and the locks are in blur-apply.test.ts.
 */

const { t, api, vehicleWithFrames, blob, framesOf, previewUrl } = useBlurApp();
let owner: SignedInUser;

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
