import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXTERIOR_VIDEO_MAX_BYTES, errorAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { clipBytes, mp4 } from '../helpers/clips.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { createUpload, metadata, openPatch, patchUpload, serve, tusRequest, uploadUrl, VIDEOS } from './tus-client.ts';

/**
 * Resumable uploads over real HTTP (tus reads the raw request stream): create, send part, ask the offset, send the
 * rest; a connection dropped in the middle of a PATCH resumes from what the server kept; the refusals (vehicle not
 * seen, locked, too large, over the limit, not a video) and the isolation of every upload route across tenants.
 */

const t = useTestApp();

let base: string;
let video: Buffer;
let owner: SignedInUser;
let car: string;

beforeAll(async () => {
  base = await serve(t.app);
  // A real H.264 MP4 of about 1.5 MB: one PATCH of it is larger than the 1 MB JSON body limit, which must not
  // apply to upload bytes, and it is still fast to make.
  video = await clipBytes('walk', mp4('640x360', 6, 30));
  owner = await t.make.signedIn({ privilege_type: 'super' });
  [car] = (await t.make.vehicles(owner)) as [string];
});

/** One request to the running app; `url` is the path under the server. */
const send = (
  who: SignedInUser | null,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) => tusRequest(base, who?.contentToken, method, url, headers, body);

const create = (who: SignedInUser, content: string, size = video.length, extra: Record<string, string> = {}) =>
  createUpload(base, who.contentToken, content, size, extra);

async function createdId(who: SignedInUser, content: string, size = video.length): Promise<string> {
  const res = await create(who, content, size);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(/^\/api\/browser\/v0\/uploads\/videos\/[0-9a-f]{32}$/);
  return location.split('/').at(-1) as string;
}

const patch = (who: SignedInUser, id: string, offset: number, bytes: Buffer) =>
  patchUpload(base, who.contentToken, id, offset, bytes);

async function offsetOf(who: SignedInUser, id: string): Promise<number> {
  const res = await send(who, 'HEAD', uploadUrl(id));
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

interface ErrorJson {
  error: { code: string; params: Record<string, unknown>; fields: { field: string; rule: string }[] };
}
/** The error of a refused request, in the product's shape. */
const errorOf = async (res: Response) => ((await res.json()) as ErrorJson).error;

const rowOf = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
const fileOf = (id: string) => path.join(t.dir, 'uploads', id);

describe('a resumable upload', () => {
  it('is created, sent in two parts with the offset asked between them, and checked as a video', async () => {
    const id = await createdId(owner, car);
    expect(await rowOf(id)).toMatchObject({
      status: 'requested',
      content_id: car,
      user_id: owner.id,
      purpose: 'exterior',
    });
    expect(await offsetOf(owner, id)).toBe(0);

    const half = Math.floor(video.length / 2);
    const first = await patch(owner, id, 0, video.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect(await offsetOf(owner, id)).toBe(half);
    expect((await rowOf(id))?.status).toBe('requested');

    const rest = await patch(owner, id, half, video.subarray(half));
    expect(rest.status).toBe(204);
    expect(await rowOf(id)).toMatchObject({ status: 'ready', container: 'mp4', error_code: null });
    // Kept in the upload folder, byte for byte, until the pipeline takes it; with disk storage only there (no blob).
    expect((await readFile(fileOf(id))).equals(video)).toBe(true);
    expect(existsSync(path.join(t.dir, 'media', 'private'))).toBe(false);

    const answer = await send(owner, 'GET', uploadUrl(id));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      id,
      content_id: car,
      purpose: 'exterior',
      status: 'ready',
      size: video.length,
      file_name: 'walk.mp4',
      container: 'mp4',
    });
  });

  it('resumes after a connection dropped in the middle of a PATCH, from the offset the server kept', async () => {
    const id = await createdId(owner, car);
    const sentBeforeDrop = 64 * 1024;
    // A PATCH that announces the whole file, sends a part, and loses its connection.
    await new Promise<void>((resolve) => {
      const request = openPatch(base, owner.contentToken, id, video.length);
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(video.subarray(0, sentBeforeDrop), () => {
        setTimeout(() => request.destroy(), 300);
      });
    });

    // The server keeps what reached it; the offset settles once tus has closed the interrupted write.
    let kept = -1;
    for (let i = 0; i < 50; i += 1) {
      const now = await offsetOf(owner, id);
      if (now > 0 && now === kept) break;
      kept = now;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(sentBeforeDrop);
    expect((await rowOf(id))?.status).toBe('requested');

    // Sending from anywhere but the kept offset is refused by the protocol, and changes nothing.
    expect((await patch(owner, id, 0, video)).status).toBe(409);
    expect(video.length - kept).toBeGreaterThan(1024 * 1024);
    const rest = await patch(owner, id, kept, video.subarray(kept));
    expect(rest.status).toBe(204);
    expect(await rowOf(id)).toMatchObject({ status: 'ready', container: 'mp4' });
    expect((await readFile(fileOf(id))).equals(video)).toBe(true);
  });

  it('refuses a finished file that is no video, by its content, and deletes it', async () => {
    // Named .mp4, but the bytes are text.
    const text = Buffer.from('not a video at all\n'.repeat(500));
    const id = await createdId(owner, car, text.length);
    const res = await patch(owner, id, 0, text);
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await errorOf(res)).code).toBe('unsupported_video_format');
    expect(await rowOf(id)).toMatchObject({ status: 'error', error_code: 'unsupported_video_format' });
    expect(existsSync(fileOf(id))).toBe(false);
    // The answer keeps the refusal for the console to show.
    const answer = await send(owner, 'GET', uploadUrl(id));
    expect(await answer.json()).toMatchObject({ status: 'error', error_code: 'unsupported_video_format' });
  });

  it('is cancelled by DELETE: its bytes go and it gives its place back', async () => {
    const id = await createdId(owner, car);
    expect((await patch(owner, id, 0, video.subarray(0, 1000))).status).toBe(204);
    const res = await send(owner, 'DELETE', uploadUrl(id));
    expect(res.status).toBe(204);
    expect((await rowOf(id))?.status).toBe('canceled');
    expect(existsSync(fileOf(id))).toBe(false);
  });
});

describe('refusals at creation', () => {
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('uploads')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a size over the limit before any byte is sent (413 naming the limit)', async () => {
    const before = await count();
    const res = await create(owner, car, EXTERIOR_VIDEO_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    const error = await errorOf(res);
    expect(error.code).toBe('file_too_large');
    expect(error.params.max_bytes).toBe(EXTERIOR_VIDEO_MAX_BYTES);
    expect(await count()).toBe(before);
    // The limit itself is accepted (no byte is sent here).
    expect((await create(owner, car, EXTERIOR_VIDEO_MAX_BYTES)).status).toBe(201);
  });

  it('names the header or metadata field that is wrong (422)', async () => {
    const noLength = await send(owner, 'POST', VIDEOS, {
      'upload-metadata': metadata({ content_id: car, purpose: 'exterior' }),
    });
    expect(noLength.status).toBe(422);
    expect((await errorOf(noLength)).fields.map((f) => f.field)).toEqual(['upload_length']);

    const noVehicle = await send(owner, 'POST', VIDEOS, {
      'upload-length': '100',
      'upload-metadata': metadata({ purpose: 'exterior' }),
    });
    expect(noVehicle.status).toBe(422);
    expect((await errorOf(noVehicle)).fields).toEqual([
      expect.objectContaining({ field: 'content_id', rule: 'required' }),
    ]);

    const badPurpose = await create(owner, car, 100, { purpose: 'poster' });
    expect(badPurpose.status).toBe(422);
    expect((await errorOf(badPurpose)).fields[0]?.field).toBe('purpose');

    const notMetadata = await send(owner, 'POST', VIDEOS, {
      'upload-length': '100',
      'upload-metadata': 'content_id not!base64 extra',
    });
    expect(notMetadata.status).toBe(422);
    expect((await errorOf(notMetadata)).fields[0]).toMatchObject({ field: 'upload_metadata', rule: 'format' });
  });

  it('refuses a vehicle locked for EXTERIOR.UPLOAD (409 naming the process), not one whose process does not lock it', async () => {
    const [blurring] = (await t.make.vehicles(owner, { process: 'running', processName: 'blur' })) as [string];
    const res = await create(owner, blurring);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe('content_locked');
    expect(error.params).toMatchObject({ process: 'blur', operation: 'EXTERIOR.UPLOAD' });

    const [touring] = (await t.make.vehicles(owner, { process: 'running', processName: 'tour_movie' })) as [string];
    expect((await create(owner, touring)).status).toBe(201);
  });

  it("applies the domain's upload limit to a vehicle's unfinished uploads (403), and a cancel frees a place", async () => {
    const tenant = await t.make.tenant({ options: { exterior_upload_limit: 2 } });
    const dealer = await t.make.signedIn({ tenant, privilege_type: 'super' });
    const [vehicle] = (await t.make.vehicles(dealer)) as [string];
    const firstId = await createdId(dealer, vehicle);
    await createdId(dealer, vehicle);
    const over = await create(dealer, vehicle);
    expect(over.status).toBe(403);
    const error = await errorOf(over);
    expect(error.code).toBe('upload_over_limit');
    expect(error.params.limit).toBe(2);

    expect((await send(dealer, 'DELETE', `/api/browser/v0/uploads/videos/${firstId}`)).status).toBe(204);
    expect((await create(dealer, vehicle)).status).toBe(201);
  });

  it('refuses a vehicle in the trash until it is restored', async () => {
    const [trashed] = (await t.make.vehicles(owner, { publication: 'deleted' })) as [string];
    const res = await create(owner, trashed);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('invalid_state_transition');
  });

  it('records nothing when tus itself refuses the creation (no Tus-Resumable header), in the error shape', async () => {
    const before = await count();
    const res = await fetch(`${base}/api/browser/v0/uploads/videos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.contentToken}`,
        'upload-length': '100',
        'upload-metadata': metadata({ content_id: car, purpose: 'exterior' }),
      },
    });
    expect(res.status).toBe(412);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errorAnswer.parse(await res.json()).error.code).toBe('bad_request');
    expect(await count()).toBe(before);
  });

  it('asks for the content token', async () => {
    const res = await send(null, 'POST', VIDEOS, { 'upload-length': '100' });
    expect(res.status).toBe(401);
  });
});

describe('upload routes across tenants and users', () => {
  let outsider: SignedInUser;
  let colleague: SignedInUser;
  let id: string;

  beforeAll(async () => {
    outsider = await t.make.signedIn({ privilege_type: 'super' });
    colleague = await t.make.signedIn({ tenant: owner.tenant, privilege_type: 'super' });
    id = await createdId(owner, car);
    expect((await patch(owner, id, 0, video.subarray(0, 5000))).status).toBe(204);
  });

  it("POST /uploads/videos: another tenant's vehicle is not_found, and no upload is recorded", async () => {
    const before = await t.db.selectFrom('uploads').select('id').execute();
    const res = await create(outsider, car);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
    expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual(before);
  });

  it("HEAD, PATCH, GET and DELETE /uploads/videos/{id}: another tenant's user, or another user, finds no upload", async () => {
    for (const who of [outsider, colleague]) {
      expect((await send(who, 'HEAD', uploadUrl(id))).status, who.email).toBe(404);
      const written = await send(
        who,
        'PATCH',
        uploadUrl(id),
        { 'upload-offset': '5000', 'content-type': 'application/offset+octet-stream' },
        randomBytes(100),
      );
      expect(written.status).toBe(404);
      expect((await errorOf(written)).code).toBe('not_found');
      expect((await send(who, 'GET', uploadUrl(id))).status).toBe(404);
      expect((await send(who, 'DELETE', uploadUrl(id))).status).toBe(404);
    }
    // Nothing changed: the owner's upload is where it was.
    expect(await offsetOf(owner, id)).toBe(5000);
    expect((await rowOf(id))?.status).toBe('requested');
  });
});
