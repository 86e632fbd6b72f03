import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, blobKey, UnsafeBlobKeyError } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { blobStoreContract, chunkedStream, UNSAFE_KEYS } from './blob-store-contract.ts';

blobStoreContract('disk', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-blobs-'));
  return {
    store: createDiskBlobStore(path.join(dir, 'media')),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('disk blob store', () => {
  let dir: string;
  let root: string;
  let store: BlobStore;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-blobs-'));
    root = path.join(dir, 'media');
    store = createDiskBlobStore(root);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes under the root directory, creating it on first use', async () => {
    await store.put('a/b/c.txt', Buffer.from('x'));
    expect(await readFile(path.join(root, 'a', 'b', 'c.txt'), 'utf8')).toBe('x');
  });

  it("writes files only the server's own user can read, also under a root an older version left open", async () => {
    // Unpublished pictures and original videos: only the server hands them out, through signed URLs (issue 18).
    await mkdir(root, { mode: 0o755 });
    await store.put('contents/1/exterior/frame.jpg', Buffer.from('x'));
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    for (const dir of ['contents', 'contents/1', 'contents/1/exterior']) {
      expect((await stat(path.join(root, dir))).mode & 0o777, dir).toBe(0o700);
    }
    expect((await stat(path.join(root, 'contents/1/exterior/frame.jpg'))).mode & 0o777).toBe(0o600);
  });

  it('leaves no temporary file behind after a replacement or a failed write', async () => {
    await store.put('doc.json', Buffer.from('{"v":1}'));
    await store.put('doc.json', Buffer.from('{"v":2}'));
    const failing = chunkedStream([Buffer.from('partial')], new Error('upload interrupted'));
    await expect(store.put('doc.json', failing)).rejects.toThrow('upload interrupted');
    expect(await readdir(root)).toEqual(['doc.json']);
  });

  it.each(UNSAFE_KEYS)('writes nothing outside the root for a key with a %s', async (_label, key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(readdir(dir)).resolves.not.toContain('outside.txt');
  });

  it('refuses to read, write or list through a symlink that leaves the root', async () => {
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await mkdir(root, { recursive: true });
    await symlink(outside, path.join(root, 'linked-dir'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'linked-file.txt'));

    await expect(store.get('linked-file.txt')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.get('linked-dir/secret.txt')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.put('linked-dir/new.txt', Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.put('linked-dir/sub/new.txt', Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.list('linked-dir/')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    expect(await store.list('')).toEqual([]);
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });
});

describe('blobKey', () => {
  it('joins safe segments', () => {
    expect(blobKey('images', 'logos', 'company_logo_0006.png')).toBe('images/logos/company_logo_0006.png');
  });

  it.each([
    ['a slash inside a segment', ['images', 'a/b.png']],
    ['a parent segment', ['images', '..', 'a.png']],
    ['an empty segment', ['images', '', 'a.png']],
    ['no segment at all', []],
  ])('refuses %s', (_label, segments) => {
    expect(() => blobKey(...segments)).toThrow(UnsafeBlobKeyError);
  });
});
