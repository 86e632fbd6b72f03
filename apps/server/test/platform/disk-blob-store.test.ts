import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, blobKey, UnsafeBlobKeyError } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';

const UNSAFE_KEYS: [string, string][] = [
  ['parent segment', '../outside.txt'],
  ['parent segment in the middle', 'images/../../outside.txt'],
  ['current-directory segment', 'images/./a.png'],
  ['absolute path', '/etc/passwd'],
  ['backslash', 'images\\..\\a.png'],
  ['NUL byte', 'images/a.png\u0000.txt'],
  ['empty segment', 'images//a.png'],
  ['trailing slash', 'images/'],
  ['empty key', ''],
  ['segment longer than a file name may be', `${'a'.repeat(256)}.png`],
];

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

  async function read(key: string): Promise<string | null> {
    const blob = await store.get(key);
    return blob ? text(blob.stream) : null;
  }

  it('stores, reads, lists and deletes buffers and streams', async () => {
    await store.put('images/logos/a.png', Buffer.from('first'));
    await store.put('images/logos/b.png', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    await store.put('videos/c.mp4', Buffer.from('third'));

    const blob = await store.get('images/logos/b.png');
    expect(blob?.size).toBe(6);
    expect(await text(blob!.stream)).toBe('second');
    expect(await store.exists('images/logos/a.png')).toBe(true);
    expect(await store.exists('images/logos/missing.png')).toBe(false);
    expect(await store.exists('images/logos')).toBe(false);
    expect(await store.get('images/logos')).toBeNull();
    expect(await store.get('nothing/here.png')).toBeNull();

    expect(await store.list('')).toEqual(['images/logos/a.png', 'images/logos/b.png', 'videos/c.mp4']);
    expect(await store.list('images/')).toEqual(['images/logos/a.png', 'images/logos/b.png']);
    expect(await store.list('images/logos/a')).toEqual(['images/logos/a.png']);
    expect(await store.list('im')).toEqual(['images/logos/a.png', 'images/logos/b.png']);
    expect(await store.list('nothing/')).toEqual([]);

    await store.delete('images/logos/a.png');
    await store.delete('images/logos/a.png');
    expect(await store.exists('images/logos/a.png')).toBe(false);
    expect(await store.list('images/')).toEqual(['images/logos/b.png']);
  });

  it('writes under the root directory, creating it on first use', async () => {
    await store.put('a/b/c.txt', Buffer.from('x'));
    expect(await readFile(path.join(root, 'a', 'b', 'c.txt'), 'utf8')).toBe('x');
  });

  it('replaces a blob atomically and leaves no temporary file behind', async () => {
    await store.put('doc.json', Buffer.from('{"v":1}'));
    // An open reader keeps the old bytes: the new file is renamed over the old name, never written into it.
    const before = await store.get('doc.json');
    await store.put('doc.json', Buffer.from('{"v":2,"longer":true}'));
    expect(await text(before!.stream)).toBe('{"v":1}');
    expect(await read('doc.json')).toBe('{"v":2,"longer":true}');
    expect(await readdir(root)).toEqual(['doc.json']);
  });

  it('keeps the old blob when a streamed write fails half way', async () => {
    await store.put('video.mp4', Buffer.from('complete'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('upload interrupted'));
      },
    });
    await expect(store.put('video.mp4', failing)).rejects.toThrow('upload interrupted');
    expect(await read('video.mp4')).toBe('complete');
    expect(await readdir(root)).toEqual(['video.mp4']);
  });

  it.each(UNSAFE_KEYS)('refuses a key with a %s', async (_label, key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.exists(key)).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(readdir(dir)).resolves.not.toContain('outside.txt');
  });

  it('refuses a list prefix that climbs out of the root', async () => {
    await expect(store.list('../')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.list('/etc/')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
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
