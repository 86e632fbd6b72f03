import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaUrlOf } from '../../src/modules/vehicle-media/media-urls.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import { frameColour } from '../helpers/pictures.ts';

/** The seed helper the exterior tests build on: real frames, in every size, served under /svnmedia. */
const t = useTestApp();

describe('seedExterior', () => {
  it('stores numbered frames in every size, in order, and marks the vehicle as having an exterior', async () => {
    const owner = await t.make.signedIn();
    const [car] = await t.make.vehicles(owner);
    const seeded = await seedExterior(t, car!, { rows: [5, 3] });
    expect(seeded.rows.map((r) => [r.order, r.frameIds.length])).toEqual([
      [1, 5],
      [2, 3],
    ]);
    const frames = await t.db
      .selectFrom('exterior_frames')
      .select(['id', 'frame_order', 'original'])
      .where('content_id', '=', car!)
      .where('group_id', '=', seeded.rows[0]!.id)
      .orderBy('frame_order')
      .execute();
    expect(frames.map((f) => f.id)).toEqual(seeded.rows[0]!.frameIds);
    const image = frames[3]!.original;
    expect(Object.keys(image.renditions).sort()).toEqual(['display', 'thumbnail', 'zoom']);
    expect([image.width, image.height]).toEqual([320, 180]);
    const res = await t.app.inject({ method: 'GET', url: mediaUrlOf(image.renditions.display!.jpeg) });
    expect(res.statusCode).toBe(200);
    const { data } = await sharp(res.rawPayload).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    const expected = frameColour(1, 3);
    // The corner colour of frame 3 of row 1 (the label is small and white; one averaged pixel stays close).
    expect(Math.abs(data[2]! - expected.b)).toBeLessThan(40);
    const content = await t.db
      .selectFrom('contents')
      .select(['has_exterior', 'thumbnail_key'])
      .where('id', '=', car!)
      .executeTakeFirstOrThrow();
    expect(content.has_exterior).toBe(true);
    expect(content.thumbnail_key).toBe(seeded.rows[0]!.images[0]!.renditions.thumbnail!.jpeg);
  });
});
