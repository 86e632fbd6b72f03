import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, UnsafeBlobKeyError } from '../../src/platform/storage/blob-store.ts';
import { putContentAddressed } from '../../src/platform/storage/content-addressed.ts';

export const UNSAFE_KEYS: [string, string][] = [
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

export interface ContractStore {
  store: BlobStore;
  /** Called after each test; removes whatever the store wrote. */
  cleanup(): Promise<void>;
}

/** A stream that sends `chunks` and then, when `failure` is given, fails instead of ending. */
export function chunkedStream(chunks: Buffer[], failure?: Error): Readable {
  let next = 0;
  return new Readable({
    read() {
      const chunk = chunks[next++];
      if (chunk) this.push(chunk);
      else if (failure) this.destroy(failure);
      else this.push(null);
    },
  });
}

async function read(store: BlobStore, key: string): Promise<string | null> {
  const blob = await store.get(key);
  return blob ? text(blob.stream) : null;
}

/** Writing, reading, listing and deleting blobs. */
function storingTests(current: () => BlobStore): void {
  it('stores, reads, lists and deletes buffers and streams', async () => {
    const store = current();
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

  it('lists each blob with its size and the time it was last written, a rewrite counting as a write', async () => {
    const store = current();
    // S3 keeps LastModified to the second: the window is widened to whole seconds on both sides.
    const second = (at: number) => Math.floor(at / 1000) * 1000;
    const before = second(Date.now());
    await store.put('contents/7/a.jpg', Buffer.from('frame'));
    await store.put('contents/7/b/c.jpg', Readable.from([Buffer.from('tile')]));
    await store.put('contents/8/d.jpg', Buffer.from('other'));
    const entries = await store.listEntries('contents/7/');
    expect(entries.map((e) => [e.key, e.size])).toEqual([
      ['contents/7/a.jpg', 5],
      ['contents/7/b/c.jpg', 4],
    ]);
    for (const entry of entries) {
      expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect((await store.listEntries('')).map((e) => e.key)).toEqual(await store.list(''));
    expect(await store.listEntries('nothing/')).toEqual([]);
    await expect(store.listEntries('../')).rejects.toBeInstanceOf(UnsafeBlobKeyError);

    // Writing the same bytes again (a retried job's content-addressed put) makes the blob young again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const rewrittenAt = second(Date.now());
    await store.put('contents/7/a.jpg', Buffer.from('frame'));
    const [again] = await store.listEntries('contents/7/a');
    expect(again?.modifiedAt.getTime()).toBeGreaterThanOrEqual(rewrittenAt);
  });

  it('stores an empty blob', async () => {
    const store = current();
    await store.put('empty.txt', Buffer.alloc(0));
    await store.put('empty-stream.txt', Readable.from([]));
    const empty = await store.get('empty.txt');
    expect(empty?.size).toBe(0);
    expect(await text(empty!.stream)).toBe('');
    expect(await read(store, 'empty-stream.txt')).toBe('');
    expect(await store.list('empty')).toEqual(['empty-stream.txt', 'empty.txt']);
  });

  it('streams a blob of several megabytes byte for byte', async () => {
    const store = current();
    // Larger than an S3 part, in odd-sized chunks, so part boundaries fall inside chunks.
    const data = Buffer.alloc(11 * 1024 * 1024 + 12_345);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE(i, i);
    const chunks: Buffer[] = [];
    for (let i = 0; i < data.length; i += 999_983) chunks.push(data.subarray(i, i + 999_983));
    await store.put('videos/long.mp4', chunkedStream(chunks));
    const blob = await store.get('videos/long.mp4');
    expect(blob?.size).toBe(data.length);
    expect((await buffer(blob!.stream)).equals(data)).toBe(true);
  });
}

/** A blob is replaced whole or not at all. */
function replacingTests(current: () => BlobStore): void {
  it('replaces a blob atomically and leaves nothing else behind', async () => {
    const store = current();
    await store.put('doc.json', Buffer.from('{"v":1}'));
    // An open reader keeps the old bytes: the new blob replaces the old one, it is never written into it.
    const before = await store.get('doc.json');
    await store.put('doc.json', Buffer.from('{"v":2,"longer":true}'));
    expect(await text(before!.stream)).toBe('{"v":1}');
    expect(await read(store, 'doc.json')).toBe('{"v":2,"longer":true}');
    expect(await store.list('')).toEqual(['doc.json']);
  });

  it.each([
    ['half way', [Buffer.from('partial')], 'upload interrupted'],
    ['after several megabytes', Array<Buffer>(12).fill(Buffer.alloc(1024 * 1024, 7)), 'connection dropped'],
  ])('keeps the old blob when a streamed write fails %s', async (_when, chunks, reason) => {
    const store = current();
    await store.put('video.mp4', Buffer.from('complete'));
    const failing = chunkedStream(chunks, new Error(reason));
    await expect(store.put('video.mp4', failing)).rejects.toThrow(reason);
    expect(await read(store, 'video.mp4')).toBe('complete');
    expect(await store.list('')).toEqual(['video.mp4']);
  });
}

/** Keys that could leave the store's root, and keys named by the content. */
function keyTests(current: () => BlobStore): void {
  it.each(UNSAFE_KEYS)('refuses a key with a %s', async (_label, key) => {
    const store = current();
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.exists(key)).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    expect(await store.list('')).toEqual([]);
  });

  it('refuses a list prefix that climbs out of the root', async () => {
    const store = current();
    await expect(store.list('../')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
    await expect(store.list('/etc/')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
  });

  it.each([
    ['a buffer', (data: Buffer) => data],
    ['a stream', (data: Buffer) => chunkedStream([data.subarray(0, 3), data.subarray(3)])],
  ])('names a content-addressed blob by the SHA-256 of its bytes, from %s', async (_label, as) => {
    const store = current();
    const data = Buffer.from('a frame of a spin');
    const first = await putContentAddressed(store, 'contents/1/exterior', as(data), 'jpg');
    const again = await putContentAddressed(store, 'contents/1/exterior', as(Buffer.from(data)), 'jpg');
    const other = await putContentAddressed(store, 'contents/1/exterior', as(Buffer.from('another frame')), 'jpg');
    // sha256("a frame of a spin"), computed outside the code under test.
    const sha256 = 'f92614cc0e3b179774af020d133786f66a6e00ef773d6475d8c3af999760869a';
    expect(first).toEqual({ key: `contents/1/exterior/${sha256}.jpg`, sha256, size: data.length });
    expect(again.key).toBe(first.key);
    expect(other.key).not.toBe(first.key);
    expect(await read(store, first.key)).toBe('a frame of a spin');
    expect(await store.list('contents/')).toEqual([first.key, other.key].sort());
  });
}

/**
 * What every BlobStore backend must do, run against a fresh, empty store per test. A backend passes the same
 * tests as the disk store, so code written against the disk store in development behaves the same on S3.
 */
export function blobStoreContract(name: string, makeStore: () => Promise<ContractStore>): void {
  describe(`${name}: the blob store contract`, () => {
    let made: ContractStore;

    beforeEach(async () => {
      made = await makeStore();
    });
    afterEach(async () => {
      await made.cleanup();
    });

    const current = () => made.store;
    storingTests(current);
    replacingTests(current);
    keyTests(current);
  });
}
