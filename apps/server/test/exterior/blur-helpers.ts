import type { BlurRegion } from '@spinyard/domain';
import { expect } from 'vitest';
import type { StoredImage } from '../../src/db/schema.ts';
import { mediaUrlOf } from '../../src/modules/vehicle-media/media-urls.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * What the blur editor's tests share (blur.test.ts, blur-apply.test.ts): real frames from the exterior seed (36
 * numbered 320x180 frames, each a plain colour with its "row-frame" label in white at the top left, stored in every
 * size), the regions they draw and the measure of what a blur changed.
 */

/** Over the label (white text at the top left): blurring it changes those pixels, the flat colour round it not. */
export const LABEL = { x: 0, y: 0, w: 0.5, h: 0.45 };
export const LATER = { x: 0.4, y: 0.4, w: 0.5, h: 0.5 };
export const plate = (keys: [number, typeof LABEL][], all_frames = false): BlurRegion => ({
  id: 'plate',
  shape: 'rect',
  all_frames,
  keys: keys.map(([frame, box]) => ({ frame, box })),
});

export interface Seeded {
  car: string;
  groupId: string;
  frameIds: string[];
  originals: StoredImage[];
}

/** Mean absolute difference (0..255) of two same-size pictures inside or outside a box (3 px margin). */
export function difference(
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

/**
 * The test file's app (call it at the top of the file) and the calls its tests make on it. A closure per file, not
 * module state: the server project runs files in one module cache (`isolate: false`).
 */
export function useBlurApp() {
  const t = useTestApp();

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
    const res = await t.app.inject({ method: 'GET', url: mediaUrlOf(key) });
    expect(res.statusCode, key).toBe(200);
    return res.rawPayload;
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

  return { t, api, vehicleWithFrames, blob, framesOf, previewUrl };
}
