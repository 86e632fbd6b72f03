import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, UnsafeBlobKeyError } from '../../src/platform/storage/blob-store.ts';
import {
  isContentAddressed,
  putContentAddressed,
  putContentAddressedFile,
} from '../../src/platform/storage/content-addressed.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { mediaRoutes, openMediaAccess } from '../../src/platform/storage/media-routes.ts';

const HASH = 'a'.repeat(64);

describe('content-addressed media', () => {
  let dir: string;
  let store: BlobStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-hashed-'));
    store = createDiskBlobStore(path.join(dir, 'media'));
    app = Fastify();
    await app.register(mediaRoutes, { store, access: openMediaAccess });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a file on disk under the same key as its bytes, without a temporary copy', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 'walk-around ');
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, bytes);
    // A store of its own: the refusal tests below expect theirs empty.
    const store = createDiskBlobStore(path.join(dir, 'media-files'));
    const fromFile = await putContentAddressedFile(store, 'contents/1/exterior-backups', file, 'mp4');
    const fromBytes = await putContentAddressed(store, 'contents/1/exterior-backups', bytes, 'mp4');
    expect(fromFile).toEqual(fromBytes);
    expect(fromFile.size).toBe(bytes.length);
    expect((await store.get(fromFile.key))?.size).toBe(bytes.length);
    await expect(putContentAddressedFile(store, 'contents/1', file, 'MP4')).rejects.toBeInstanceOf(UnsafeBlobKeyError);
  });

  it('serves a blob named by its hash with a year of immutable caching, so a CDN can keep it', async () => {
    const bytes = Buffer.from('webp frame');
    const { key, sha256 } = await putContentAddressed(store, 'contents/3/exterior/frames', bytes, 'webp');
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const response = await app.inject({ method: 'GET', url: `/svnmedia/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps short caching for blobs replaced in place, and never caches a 404', async () => {
    await store.put('images/logos/company_logo_0042.png', Buffer.from('png'));
    const logo = await app.inject({ method: 'GET', url: '/svnmedia/images/logos/company_logo_0042.png' });
    expect(logo.headers['cache-control']).toBe('public, max-age=300');
    const missing = await app.inject({ method: 'GET', url: `/svnmedia/contents/3/${HASH}.jpg` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it.each([
    [`contents/1/${HASH}.jpg`, true],
    [`${HASH}.webp`, true],
    [`contents/1/${HASH.toUpperCase()}.jpg`, false],
    [`contents/1/${HASH.slice(1)}.jpg`, false],
    [`contents/1/${HASH}`, false],
    [`contents/1/${HASH}.jpg/cover.jpg`, false],
    [`contents/1/x${HASH}.jpg`, false],
    ['images/logos/company_logo_0006.png', false],
  ])('counts %s as content-addressed: %s', (key, expected) => {
    expect(isContentAddressed(key)).toBe(expected);
  });

  it.each([
    ['an unsafe prefix', '../elsewhere', 'jpg'],
    ['an empty prefix', '', 'jpg'],
    ['an extension with a dot', 'contents/1', '.jpg'],
    ['an upper-case extension', 'contents/1', 'JPG'],
    ['an extension with a slash', 'contents/1', 'a/b'],
  ])('refuses %s and writes nothing', async (_label, prefix, extension) => {
    await expect(putContentAddressed(store, prefix, Buffer.from('x'), extension)).rejects.toBeInstanceOf(
      UnsafeBlobKeyError,
    );
    expect(await store.list('contents/1')).toEqual([]);
  });
});
