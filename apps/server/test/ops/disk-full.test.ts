import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { errorAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import { domainBody, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { base64, png, solid } from '../helpers/pictures.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

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
  get store() {
    store ??= fillableStore(path.join(media.path, 'media'));
    return store;
  },
});
let master: SignedInUser;

beforeAll(async () => {
  master = await t.make.master();
});

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

    store!.full = true;
    try {
      const refused = await call(t.app, master.token, 'POST', `/v1/domain/${id}/logo`, {
        image: base64(await solid(488, 110, 'png', { channels: 4, background: { r: 10, g: 200, b: 10, alpha: 1 } })),
      });
      expect(refused.statusCode, refused.body).toBe(507);
      expect(errorAnswer.parse(refused.json()).error.code).toBe('insufficient_storage');
    } finally {
      store!.full = false;
    }
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(before)).toBe(true);
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
