import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { frameFaults, QUALITY_ANALYSIS_WIDTH } from '../../src/platform/ai/frame-quality.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { realSpinFrames, realSpinViewJpeg } from '../helpers/real-spin.ts';

/**
 * Extra-image removal by measured statistics: on 24 frames of the real car, a frame blurred by a quick step, the
 * walker's pause (a view twice) and a lens-cap frame are found and only they; a clean spin loses nothing; each
 * option is off unless asked.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;
const FAULTS = { blurred: 5, duplicate: 10, empty: 15 } as const;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant() });
});

const spin = realSpinFrames(24, 0);

/** Frame `k` of the spin with the faults put in: a motion blur, the view before it again, a black frame. */
async function faultyFrame(k: number): Promise<Buffer> {
  if (k === FAULTS.empty)
    return sharp({ create: { width: 480, height: 214, channels: 3, background: '#050505' } })
      .jpeg()
      .toBuffer();
  const view = spin.views[k === FAULTS.duplicate ? k - 1 : k]!;
  const picture = await realSpinViewJpeg(view, 480);
  return k === FAULTS.blurred ? sharp(picture).blur(5).jpeg({ quality: 85 }).toBuffer() : picture;
}

const all = { blurred: true, duplicates: true, empty: true };

describe('frameFaults on the real spin', () => {
  it('finds the blurred, the repeated and the empty frame and nothing else; a clean spin loses nothing', async () => {
    const media = createMedia();
    const read = (data: Buffer) => media.analysisImage(data, QUALITY_ANALYSIS_WIDTH);
    const faulty = await Promise.all(spin.views.map(async (_, k) => read(await faultyFrame(k))));
    const found = frameFaults(faulty, all);
    expect(Object.fromEntries(found.flatMap((f, k) => (f ? [[k, f]] : [])))).toEqual({
      [FAULTS.blurred]: 'blurred',
      [FAULTS.duplicate]: 'duplicate',
      [FAULTS.empty]: 'empty',
    });
    expect(frameFaults(faulty, { blurred: false, duplicates: false, empty: false }).every((f) => f === null)).toBe(
      true,
    );
    expect(frameFaults(faulty, { blurred: false, duplicates: false, empty: true }).filter(Boolean)).toEqual(['empty']);
    const clean = await Promise.all(spin.views.map(async (v) => read(await realSpinViewJpeg(v, 480))));
    expect(frameFaults(clean, all).filter(Boolean)).toEqual([]);
  });
});

describe('POST /exterior/{id}/extra-images/remove with the quality options', () => {
  it('removes the faulty frames only when asked, and keeps the rest in order', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const seeded = await seedExterior(t, car, { rows: [24], picture: (_row, k) => faultyFrame(k) });
    const ids = seeded.rows[0]!.frameIds;
    const remove = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/exterior/${car}/extra-images/remove${query}`,
        headers: { authorization: `Bearer ${owner.contentToken}` },
      });
    // Without options: nothing past the domain's 36 frames, nothing removed.
    expect((await remove('')).json().process.status).toBe('succeeded');
    expect((await exteriorRepo(t.db).frames(car)).map((f) => f.id)).toEqual(ids);

    // The console's cache-buster on every request (`_`) is taken, not refused as an unknown field.
    expect((await remove('?_=1796061839275')).statusCode).toBe(202);

    const bad = await remove('?blurred=yes');
    expect(bad.statusCode).toBe(422);

    const res = await remove('?blurred=true&duplicates=true&empty=true');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.status).toBe('succeeded');
    const gone = new Set([FAULTS.blurred, FAULTS.duplicate, FAULTS.empty].map((k) => ids[k]));
    expect((await exteriorRepo(t.db).frames(car)).map((f) => f.id)).toEqual(ids.filter((id) => !gone.has(id)));
  });
});
