import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { errorAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadBlobKey } from '../../src/modules/uploads/upload-files.ts';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import { clipBytes, mp4 } from '../helpers/clips.ts';
import { domainBody, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { base64, png, solid } from '../helpers/pictures.ts';
import { useTempDir } from '../helpers/temp-dir.ts';
import { createUpload, patchUpload, serve } from '../uploads/tus-client.ts';

/** What the kernel answers a write on a full disk, as fs raises it. */
function noSpace(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/** A disk store that, once `full` is set, refuses every write as a full disk does. */
function fillableStore(dir: string): BlobStore & { full: boolean } {
  const disk = createDiskBlobStore(dir);
  const store = {
    ...disk,
    full: false,
    async put(...args: Parameters<BlobStore['put']>) {
      if (store.full) throw noSpace();
      return disk.put(...args);
    },
  };
  return store;
}

const media = useTempDir('spinyard-disk-full-');
let store: ReturnType<typeof fillableStore> | undefined;
const t = useTestApp({
  // Finished uploads go to the store too (as with S3): the write tus's onUploadFinish makes.
  keepUploadsInStore: true,
  get store() {
    store ??= fillableStore(path.join(media.path, 'media'));
    return store;
  },
});
let master: SignedInUser;

beforeAll(async () => {
  master = await t.make.master();
});

/** Runs `work` with every store write refused as a full disk refuses it. */
async function whileFull<T>(work: () => Promise<T>): Promise<T> {
  store!.full = true;
  try {
    return await work();
  } finally {
    store!.full = false;
  }
}

describe('a full disk', () => {
  it('answers 507 insufficient_storage in the error shape, and the logo that was there stays', async () => {
    const body = domainBody();
    const created = await call(t.app, master.token, 'POST', '/v1/domain', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const first = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
      image: base64(await png(488, 110)),
    });
    expect(first.statusCode, first.body).toBe(200);
    const logo = first.json().logo_url as string;
    const before = (await t.app.inject({ method: 'GET', url: logo })).rawPayload;

    const refused = await whileFull(async () =>
      call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
        image: base64(await solid(488, 110, 'png', { channels: 4, background: { r: 10, g: 200, b: 10, alpha: 1 } })),
      }),
    );
    expect(refused.statusCode, refused.body).toBe(507);
    expect(errorAnswer.parse(refused.json()).error.code).toBe('insufficient_storage');
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(before)).toBe(true);
  });
});

describe('a full disk when a tus upload finishes', () => {
  it('answers 507 insufficient_storage in the error shape, the upload refused and nothing of it kept', async () => {
    const owner = await t.make.signedIn({ privilege_type: 'super' });
    const [car] = (await t.make.vehicles(owner)) as [string];
    const video = await clipBytes('walk', mp4('640x360', 6, 30));
    const base = await serve(t.app);
    const created = await createUpload(base, owner.contentToken, car, video.length);
    expect(created.status, await created.clone().text()).toBe(201);
    const id = (created.headers.get('location') ?? '').split('/').at(-1) as string;

    // The last PATCH writes the bytes, then onUploadFinish puts them in the store: that write finds the disk full.
    const last = await whileFull(() => patchUpload(base, owner.contentToken, id, 0, video));
    expect(last.status).toBe(507);
    expect(last.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errorAnswer.parse(await last.json()).error.code).toBe('insufficient_storage');
    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'error', error_code: 'insufficient_storage' });
    // Neither the received bytes nor a blob: the dealer uploads again once there is room.
    expect(existsSync(path.join(t.dir, 'uploads', id))).toBe(false);
    expect(await store!.exists(uploadBlobKey(id))).toBe(false);
  });
});

describe('the disk store on a write that runs out of space', () => {
  const dir = useTempDir('spinyard-disk-full-store-');

  it('leaves neither the blob nor a temporary file behind', async () => {
    const disk = createDiskBlobStore(dir.path);
    const half = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(noSpace());
      },
    });
    await expect(disk.put('frames/one.jpg', half)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await disk.exists('frames/one.jpg')).toBe(false);
    expect(await readdir(path.join(dir.path, 'frames'))).toEqual([]);
  });
});
