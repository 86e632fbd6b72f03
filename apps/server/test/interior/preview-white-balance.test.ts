import type { InteriorSceneAnswer } from '@spinyard/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { measure, panorama } from '../helpers/pictures.ts';
import { uploadPanorama } from './panoramas.ts';

/**
 * The image-quality tool's live preview with a white balance not applied yet (wb_mode, wb_temperature, wb_tint):
 * the console's "after" must show the sliders as they stand, not only the white balance in force. Measured on the
 * preview's pixels, like the white balance itself in interior.test.ts.
 */

const t = useTestApp();
const API = '/api/browser/v0';

let owner: SignedInUser;
let plainOwner: SignedInUser;
let bluish: Buffer;

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { interior_enhancement: true } });
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  plainOwner = await t.make.signedIn({ tenant: await t.make.tenant(), privilege_type: 'super' });
  // A blue cast, so that warmer and auto both move the channels measurably.
  bluish = await sharp(await panorama(1024, 512))
    .linear([0.8, 0.9, 1.2], [0, 0, 0])
    .jpeg()
    .toBuffer();
});

const get = (who: SignedInUser, url: string) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: `Bearer ${who.contentToken}` } });

async function scene(who: SignedInUser): Promise<{ id: string; sceneId: string }> {
  const [id] = await t.make.vehicles(who);
  const res = await uploadPanorama(t.app, who.contentToken, id!, bluish, 'pano.jpg');
  expect(res.statusCode, res.body).toBe(201);
  return { id: id!, sceneId: (res.json() as InteriorSceneAnswer).id };
}

async function preview(who: SignedInUser, id: string, sceneId: string, query: string) {
  const res = await get(who, `/interior/${id}/scenes/${sceneId}/enhance/preview?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  return measure(res.rawPayload);
}

describe('the enhance preview with an unapplied white balance', () => {
  it('shows a manual or auto white balance from the query; without it the scene keeps its own', async () => {
    const { id, sceneId } = await scene(owner);
    const plain = await preview(owner, id, sceneId, 'jpeg_quality=90');
    const warm = await preview(owner, id, sceneId, 'wb_mode=manual&wb_temperature=60&wb_tint=0');
    expect(warm.r).toBeGreaterThan(plain.r + 5);
    expect(warm.b).toBeLessThan(plain.b - 5);
    const auto = await preview(owner, id, sceneId, 'wb_mode=auto');
    const cast = (m: { r: number; b: number }) => Math.abs(m.b - m.r);
    expect(cast(auto)).toBeLessThan(cast(plain) / 2);

    // Once a warm balance is applied, a preview without wb_mode keeps it, and a neutral one previews its removal.
    const applied = await t.app.inject({
      method: 'POST',
      url: `${API}/interior/${id}/scenes/${sceneId}/adjust`,
      headers: { authorization: `Bearer ${owner.contentToken}` },
      payload: { mode: 'manual', temperature: 60, tint: 0 },
    });
    expect(applied.statusCode, applied.body).toBe(202);
    const inForce = await preview(owner, id, sceneId, 'jpeg_quality=90');
    expect(inForce.r).toBeGreaterThan(plain.r + 5);
    const neutral = await preview(owner, id, sceneId, 'wb_mode=manual&wb_temperature=0&wb_tint=0');
    expect(Math.abs(neutral.r - plain.r)).toBeLessThan(2);
    expect(Math.abs(neutral.b - plain.b)).toBeLessThan(2);
  });

  it('refuses white balance values out of bounds or an unknown mode (422)', async () => {
    const { id, sceneId } = await scene(owner);
    for (const query of ['wb_mode=manual&wb_temperature=101', 'wb_mode=manual&wb_tint=-101', 'wb_mode=sepia']) {
      const res = await get(owner, `/interior/${id}/scenes/${sceneId}/enhance/preview?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it("with the domain's option off, previews the white balance alone but still refuses corrections (403)", async () => {
    const { id, sceneId } = await scene(plainOwner);
    const plain = await preview(plainOwner, id, sceneId, '');
    const warm = await preview(plainOwner, id, sceneId, 'wb_mode=manual&wb_temperature=60&wb_tint=0');
    expect(warm.r).toBeGreaterThan(plain.r + 5);
    const refused = await get(
      plainOwner,
      `/interior/${id}/scenes/${sceneId}/enhance/preview?saturation=true&wb_mode=auto`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'forbidden', params: { reason: 'interior_enhancement_off' } });
  });
});
