import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { declaredPng, hostileImages, truncatedJpeg } from '../helpers/hostile-images.ts';
import { as as asUser, fileRequest, vehicleWithHotspot } from '../hotspots/fixtures.ts';
import { uploadPanorama } from '../interior/panoramas.ts';
import { API, upload } from '../slider/slider-helpers.ts';

/**
 * Images that lie about their size (issue 18, finding 4): each is judged on the size its header declares before any
 * pixel is decoded, refused with 422 naming the rule and its limit (415 only for a type not accepted), and a file
 * cut short is refused, never published with grey where its picture should be.
 */

const t = useTestApp();
let owner: SignedInUser;
let car: string;
let hotspot: string;
let scene: string;
let hostile: Awaited<ReturnType<typeof hostileImages>>;

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super' });
  ({ car, scene, hotspot } = await vehicleWithHotspot(t, owner));
  hostile = await hostileImages();
});

const categoryImage = (data: Buffer, name = 'photo.png') =>
  t.app.inject(upload(owner, `${API}/slider/${car}/images`, { category: 'exterior' }, { data, name }));
const hotspotImage = (data: Buffer, name = 'photo.png') =>
  asUser(t, owner, fileRequest(car, hotspot, 'image', data, name));

const refusal = (res: { statusCode: number; json: () => unknown }) =>
  (res.json() as { error: { code: string; params?: Record<string, unknown>; fields?: { field: string }[] } }).error;

describe('declared size over the rules: 422 before decoding', () => {
  it('a 20000x20000 PNG as a category image names the rule it breaks first (square: the aspect ratio)', async () => {
    const res = await categoryImage(hostile.huge);
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res)).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'aspect', width: 20000, height: 20000 },
      fields: [{ field: 'file', rule: 'aspect' }],
    });
  });

  it('a truncated JPEG claiming 16384x8192 as a category image names the width limit', async () => {
    const res = await categoryImage(hostile.truncated, 'photo.jpg');
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res)).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'width', width: 16384, max_width: 8192 },
      fields: [{ field: 'file', rule: 'width' }],
    });
  });

  it('a 20000x20000 PNG as a hotspot image names the pixel limit', async () => {
    const res = await hotspotImage(hostile.huge);
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res)).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'max_pixels', width: 20000, height: 20000, max_pixels: 40_000_000 },
      fields: [{ field: 'file' }],
    });
  });

  it('a panorama over 16384x8192 names the largest size', async () => {
    const res = await uploadPanorama(t.app, owner.contentToken, car, declaredPng(20000, 10000, 16), 'pano.png');
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res)).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'max_dimensions', max_width: 16384, max_height: 8192 },
    });
  });
});

describe('a file cut short: 422 image_load_error, nothing stored', () => {
  it('a truncated JPEG claiming 16384x8192 is no panorama', async () => {
    const res = await uploadPanorama(t.app, owner.contentToken, car, hostile.truncated, 'pano.jpg');
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res)).toMatchObject({ code: 'image_load_error', fields: [{ field: 'file' }] });
    const scenes = await t.db.selectFrom('interior_scenes').select('id').where('content_id', '=', car).execute();
    expect(scenes.map((s) => s.id)).toEqual([scene]);
  });

  it('a truncated JPEG within the size rules is no category image and no hotspot image', async () => {
    const cut = await truncatedJpeg(1920, 1080);
    const category = await categoryImage(cut, 'photo.jpg');
    expect(category.statusCode, category.body).toBe(422);
    expect(refusal(category).code).toBe('image_load_error');
    const image = await hotspotImage(cut, 'photo.jpg');
    expect(image.statusCode, image.body).toBe(422);
    expect(refusal(image).code).toBe('image_load_error');
  });

  it('a PNG whose rows stop early is refused too', async () => {
    const res = await hotspotImage(declaredPng(1600, 900, 40));
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res).code).toBe('image_load_error');
  });
});
