import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureDefaultAssets, MANUAL_NAMES } from '../../src/platform/storage/default-assets.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

const ASSETS_DIR = fileURLToPath(new URL('../../assets/', import.meta.url));
const LOGO_KEY = 'images/logos/company_logo_0006.png';
// The keys the console's manual menu downloads: GET /svnmedia/pdf/{name}_jp.pdf.
const MANUAL_KEYS = ['pdf/360car_manual_jp.pdf', 'pdf/360bike_manual_jp.pdf', 'pdf/remote360_manual_jp.pdf'];
const ALL_KEYS = [LOGO_KEY, ...MANUAL_KEYS];

async function read(store: ReturnType<typeof createDiskBlobStore>, key: string): Promise<Buffer> {
  const blob = await store.get(key);
  if (!blob) throw new Error(`no blob under ${key}`);
  return buffer(blob.stream);
}

describe('ensureDefaultAssets', () => {
  const tmp = useTempDir('spinyard-assets-', 'each');

  it('names the three manuals of the manual menu', () => {
    expect(MANUAL_NAMES.map((name) => `pdf/${name}_jp.pdf`)).toEqual(MANUAL_KEYS);
  });

  it('writes the logo and the three manuals into an empty store', async () => {
    const store = createDiskBlobStore(tmp.path);
    expect(await ensureDefaultAssets(store)).toEqual(ALL_KEYS);
    for (const key of ALL_KEYS) expect(await store.exists(key)).toBe(true);
  });

  it('copies the default logo, a 488x110 PNG', async () => {
    const store = createDiskBlobStore(tmp.path);
    await ensureDefaultAssets(store);
    const png = await read(store, LOGO_KEY);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([488, 110]);
  });

  it.each(MANUAL_KEYS)('copies %s, a complete PDF under 600 KB, byte for byte', async (key) => {
    const store = createDiskBlobStore(tmp.path);
    await ensureDefaultAssets(store);
    const pdf = await read(store, key);
    expect(pdf.equals(await readFile(path.join(ASSETS_DIR, key)))).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-64).toString('latin1')).toContain('%%EOF');
    expect(pdf.length).toBeGreaterThan(10 * 1024);
    expect(pdf.length).toBeLessThan(600 * 1024);
  });

  it('writes each asset once: a second start writes nothing', async () => {
    const store = createDiskBlobStore(tmp.path);
    expect(await ensureDefaultAssets(store)).toEqual(ALL_KEYS);
    expect(await ensureDefaultAssets(store)).toEqual([]);
  });

  it('keeps a logo and a manual the operator replaced, and fills in the rest', async () => {
    const store = createDiskBlobStore(tmp.path);
    await store.put(LOGO_KEY, Buffer.from('custom logo'));
    await store.put('pdf/360car_manual_jp.pdf', Buffer.from('%PDF-1.7 our own car manual'));
    expect(await ensureDefaultAssets(store)).toEqual(['pdf/360bike_manual_jp.pdf', 'pdf/remote360_manual_jp.pdf']);
    expect((await read(store, LOGO_KEY)).toString()).toBe('custom logo');
    expect((await read(store, 'pdf/360car_manual_jp.pdf')).toString()).toBe('%PDF-1.7 our own car manual');
  });
});
