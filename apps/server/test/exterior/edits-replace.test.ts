import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorFrameSpec } from '../../src/modules/exterior/replace-work.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { keysOf, storeImage } from '../../src/modules/vehicle-media/images.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { gif, numberedFrame, solid } from '../helpers/pictures.ts';

/**
 * Replacing a frame (the exterior_replace_image process) and restoring it, on real pictures: the replacement is
 * shown in every size with the original kept; each refused file gets its own code and leaves nothing behind; a
 * restore shows the original again and deletes the replacement's blobs.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn();
});

const api = (request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${owner.contentToken}` } });
const replace = (car: string, frame: string, data: Buffer, name = 'new.png') => {
  const body = multipartFile(data, name, 'image/png');
  return api({
    method: 'POST',
    url: `${API}/exterior/${car}/frames/${frame}/replace-image`,
    payload: body.payload,
    headers: body.headers,
  });
};
const restore = (car: string, frame: string) =>
  api({ method: 'DELETE', url: `${API}/exterior/${car}/frames/${frame}/replace-image` });
const exists = (key: string) => testAppStore(t.dir).exists(key);
const sources = async (car: string) => testAppStore(t.dir).list(`contents/${car}/exterior/replace-sources/`);
const snapshot = async (car: string) => ({
  frames: (await exteriorRepo(t.db).frames(car)).map((f) => [f.id, f.frame_order, f.edit_kind, f.edited]),
  processes: await t.db
    .selectFrom('content_processes')
    .select(['process', 'status'])
    .where('content_id', '=', car)
    .execute(),
  sources: await sources(car),
});

async function vehicle(rows = [4]) {
  const [car] = (await t.make.vehicles(owner)) as [string];
  return { car, seeded: await seedExterior(t, car, { rows }) };
}

/** The mean colour of a served image. */
async function colourOf(url: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const stats = await sharp(res.rawPayload).stats();
  return stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('POST /exterior/{id}/frames/{frame_id}/replace-image', () => {
  it('shows the replacement in every size, keeps the original, and moves the thumbnail for the first frame', async () => {
    const { car, seeded } = await vehicle([4]);
    const frame = seeded.rows[0]!.frameIds[0]!;
    const picture = await solid(640, 360, 'png', { background: { r: 250, g: 200, b: 0 } });
    const res = await replace(car, frame, picture, 'replacement.gif');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      content_id: car,
      process: { process: 'exterior_replace_image', status: 'succeeded', progress: 100 },
    });
    const ext = (await api({ method: 'GET', url: `${API}/exterior/${car}` })).json();
    const sheet = ext.groups[0].sheets[0];
    expect(sheet.id).toBe(frame);
    expect(sheet.edit_kind).toBe('replace');
    // Its own size (the viewer fits every frame into the same box), all the sizes of a frame.
    expect(sheet.image).toMatchObject({ width: 640, height: 360 });
    expect(sheet.image.renditions.thumbnail).toMatchObject({ width: 240, height: 135 });
    expect(sheet.image.renditions.display).toMatchObject({ width: 640, height: 360 });
    expect(sheet.original).toMatchObject({ width: 320, height: 180 });
    expect(sheet.url).toBe(sheet.image.renditions.display.jpeg);
    const [r, g, b] = await colourOf(sheet.url);
    expect(r).toBeGreaterThan(220);
    expect(g).toBeGreaterThan(170);
    expect(b).toBeLessThan(40);
    expect(await colourOf(sheet.image.renditions.thumbnail.webp)).toHaveLength(3);
    const content = await t.db
      .selectFrom('contents')
      .select('thumbnail_key')
      .where('id', '=', car)
      .executeTakeFirstOrThrow();
    expect(`/svnmedia/${content.thumbnail_key}`).toBe(sheet.image.renditions.thumbnail.jpeg.split('?')[0]);
    // The uploaded file waited in the store for the process only.
    expect(await sources(car)).toEqual([]);

    // Restoring: the original is shown again, the replacement's blobs go, the thumbnail comes back.
    const stored = (await exteriorRepo(t.db).frame(car, frame))!.edited!;
    const back = await restore(car, frame);
    expect(back.statusCode, back.body).toBe(200);
    const again = back.json().groups[0].sheets[0];
    expect(again).toMatchObject({ id: frame, edit_kind: null, original: null, image: { width: 320, height: 180 } });
    for (const key of keysOf(stored)) expect(await exists(key), key).toBe(false);
    for (const key of keysOf(seeded.rows[0]!.images[0]!)) expect(await exists(key), key).toBe(true);
    const after = await t.db
      .selectFrom('contents')
      .select('thumbnail_key')
      .where('id', '=', car)
      .executeTakeFirstOrThrow();
    expect(after.thumbnail_key).toBe(seeded.rows[0]!.images[0]!.renditions.thumbnail!.jpeg);

    // A frame without an edit has nothing to restore.
    const twice = await restore(car, frame);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'invalid_state_transition', params: { reason: 'not_edited' } });
  });

  it('takes a JPEG of exactly 1280x720 ("under 1280x720" includes the box itself)', async () => {
    const { car, seeded } = await vehicle([3]);
    const frame = seeded.rows[0]!.frameIds[2]!;
    const res = await replace(car, frame, await numberedFrame(9, 9, 1280, 720, 'jpeg'), 'photo.png');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.status).toBe('succeeded');
    const edited = (await exteriorRepo(t.db).frame(car, frame))!;
    expect(edited.edit_kind).toBe('replace');
    expect([edited.edited!.width, edited.edited!.height]).toEqual([1280, 720]);
    // A second replacement replaces the first, whose blobs go.
    const first = edited.edited!;
    const second = await replace(car, frame, await numberedFrame(8, 8, 400, 300, 'png'));
    expect(second.statusCode).toBe(202);
    expect((await exteriorRepo(t.db).frame(car, frame))!.edited!.width).toBe(400);
    for (const key of keysOf(first)) expect(await exists(key), key).toBe(false);
  });

  it('refuses each bad file with its own code, naming the rule, and changes nothing', async () => {
    const { car, seeded } = await vehicle([3]);
    const frame = seeded.rows[0]!.frameIds[1]!;
    const before = await snapshot(car);
    const cases: [string, Buffer, number, string][] = [
      ['a GIF', await gif(320, 180), 415, 'unsupported_image_format'],
      ['text called .png', Buffer.from('not a picture at all'), 415, 'unsupported_image_format'],
      [
        'a truncated PNG',
        (await numberedFrame(1, 1, 320, 180, 'png')).subarray(0, 60),
        415,
        'unsupported_image_format',
      ],
      ['1281 wide', await numberedFrame(1, 1, 1281, 720, 'png'), 422, 'image_dimensions_invalid'],
      ['721 high', await numberedFrame(1, 1, 1280, 721, 'jpeg'), 422, 'image_dimensions_invalid'],
      ['portrait 720x1280', await numberedFrame(1, 1, 720, 1280, 'jpeg'), 422, 'image_dimensions_invalid'],
      ['over 10 MB', randomBytes(10 * 1024 * 1024 + 1), 413, 'file_too_large'],
    ];
    for (const [what, data, status, code] of cases) {
      const res = await replace(car, frame, data);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().error.code, what).toBe(code);
      if (code === 'image_dimensions_invalid') {
        expect(res.json().error.fields).toMatchObject([{ field: 'file', rule: 'max_dimensions' }]);
      }
      if (code === 'file_too_large') expect(res.json().error.params.max_bytes).toBe(10 * 1024 * 1024);
    }
    const none = await api({
      method: 'POST',
      url: `${API}/exterior/${car}/frames/${frame}/replace-image`,
      ...(() => {
        const body = multipartFile(Buffer.alloc(0));
        return { payload: body.payload, headers: body.headers };
      })(),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields[0]).toMatchObject({ field: 'file' });
    const json = await api({
      method: 'POST',
      url: `${API}/exterior/${car}/frames/${frame}/replace-image`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await snapshot(car)).toEqual(before);
  });

  it('restores a blurred frame too (one "show the original" per frame), deleting the blur\'s blobs', async () => {
    const { car, seeded } = await vehicle([3]);
    const frame = seeded.rows[0]!.frameIds[1]!;
    // A blur as the blur process writes it: an edit of kind blur, stored in the frame sizes.
    const blurred = await storeImage(
      testAppStore(t.dir),
      createMedia(),
      `contents/${car}/exterior`,
      await numberedFrame(6, 6, 320, 180, 'jpeg'),
      exteriorFrameSpec('full_hd', 1_000_000),
    );
    await t.make.update.exteriorFrame(frame, { edited: JSON.stringify(blurred), edit_kind: 'blur' });
    expect((await api({ method: 'GET', url: `${API}/exterior/${car}` })).json().groups[0].sheets[1].edit_kind).toBe(
      'blur',
    );
    const res = await restore(car, frame);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().groups[0].sheets[1]).toMatchObject({ id: frame, edit_kind: null, original: null });
    expect((await exteriorRepo(t.db).frame(car, frame))!.edited).toBeNull();
    for (const key of keysOf(blurred)) expect(await exists(key), key).toBe(false);
    for (const key of keysOf(seeded.rows[0]!.images[1]!)) expect(await exists(key), key).toBe(true);
  });

  it('a frame of another vehicle, or none, is not found', async () => {
    const { seeded } = await vehicle([2]);
    const { car: other } = await vehicle([2]);
    const picture = await numberedFrame(1, 1, 320, 180, 'png');
    const foreign = await replace(other, seeded.rows[0]!.frameIds[0]!, picture);
    expect(foreign.statusCode).toBe(404);
    const missing = await replace(other, '999999999', picture);
    expect(missing.statusCode).toBe(404);
    expect((await restore(other, seeded.rows[0]!.frameIds[0]!)).statusCode).toBe(404);
    expect(await sources(other)).toEqual([]);
  });
});
