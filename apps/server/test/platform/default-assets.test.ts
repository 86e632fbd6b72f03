import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDefaultAssets } from '../../src/platform/storage/default-assets.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';

const LOGO_KEY = 'images/logos/company_logo_0006.png';

describe('ensureDefaultAssets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-assets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('copies the default logo, a 488x110 PNG, into an empty store', async () => {
    const store = createDiskBlobStore(dir);
    expect(await ensureDefaultAssets(store)).toEqual([LOGO_KEY]);
    const blob = await store.get(LOGO_KEY);
    const png = await buffer(blob!.stream);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([488, 110]);
  });

  it('keeps a logo the operator replaced', async () => {
    const store = createDiskBlobStore(dir);
    await store.put(LOGO_KEY, Buffer.from('custom logo'));
    expect(await ensureDefaultAssets(store)).toEqual([]);
    expect((await buffer((await store.get(LOGO_KEY))!.stream)).toString()).toBe('custom logo');
  });
});
