import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { putContentAddressed } from '../../src/platform/storage/content-addressed.ts';
import { DEFAULT_ASSETS, ensureDefaultAssets } from '../../src/platform/storage/default-assets.ts';
import { createBlobStore } from '../../src/platform/storage/index.ts';
import { mediaRoutes, openMediaAccess } from '../../src/platform/storage/media-routes.ts';
import {
  createS3BlobStore,
  type S3BlobStore,
  type S3BlobStoreOptions,
  streamParts,
} from '../../src/platform/storage/s3-blob-store.ts';
import { type LocalS3, S3RVER_CREDENTIALS, startLocalS3 } from '../helpers/s3-server.ts';
import { blobStoreContract } from './blob-store-contract.ts';

const BUCKET = 'spinyard-test';
// S3's smallest part, so the contract's 11 MB stream goes up as a real three-part upload.
const PART_SIZE = 5 * 1024 * 1024;

let s3: LocalS3;
let runs = 0;
const stores: S3BlobStore[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
  await s3.createBucket(BUCKET);
});
afterAll(async () => {
  for (const store of stores) store.destroy();
  await s3.close();
});

function makeStore(overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStore {
  const store = createS3BlobStore({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    partSize: PART_SIZE,
    ...overrides,
  });
  stores.push(store);
  return store;
}

// Each test gets its own prefix in the one bucket: an empty store without creating a bucket per test.
blobStoreContract('S3 (s3rver)', async () => {
  const store = makeStore({ prefix: `contract-${++runs}` });
  return { store, cleanup: async () => undefined };
});

describe('S3 blob store', () => {
  it('keeps its blobs under its prefix, with their content type and caching', async () => {
    const store = makeStore({ prefix: 'install-a/' });
    await store.put('images/logos/a.png', Buffer.from('png'));
    await store.put('pdf/manual.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' });
    const frame = await putContentAddressed(store, 'contents/7', Buffer.from('frame'), 'webp');

    const logo = await s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'install-a/images/logos/a.png' }));
    expect(logo.ContentType).toBe('image/png');
    expect(logo.CacheControl).toBe('public, max-age=300');
    const manual = await s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'install-a/pdf/manual.pdf' }));
    expect(manual.ContentType).toBe('application/pdf');
    const hashed = await s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `install-a/${frame.key}` }));
    expect(hashed.ContentType).toBe('image/webp');
    expect(hashed.CacheControl).toBe('public, max-age=31536000, immutable');

    expect(await makeStore({ prefix: 'install-b' }).list('')).toEqual([]);
    expect(await makeStore({ prefix: 'install-a' }).list('')).toEqual(
      ['images/logos/a.png', 'pdf/manual.pdf', frame.key].sort(),
    );
  });

  it('lists only objects under names it could have written itself', async () => {
    await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'install-c/.hidden.png', Body: 'x' }));
    await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'install-c/ok.png', Body: 'x' }));
    expect(await makeStore({ prefix: 'install-c' }).list('')).toEqual(['ok.png']);
  });

  it('stores a streamed upload larger than a part as one object', async () => {
    const store = makeStore({ prefix: 'install-d' });
    const data = Buffer.alloc(PART_SIZE * 2 + 1, 3);
    await store.put(
      'videos/walk.mp4',
      Readable.from([data.subarray(0, PART_SIZE + 10), data.subarray(PART_SIZE + 10)]),
    );
    const object = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'install-d/videos/walk.mp4' }));
    expect(object.ContentLength).toBe(data.length);
    expect(object.ContentType).toBe('video/mp4');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(data)).toBe(true);
  });

  it('cuts a stream into parts of exactly the part size, whatever its chunks (R2 refuses unequal parts)', async () => {
    async function sizes(chunkSizes: number[]): Promise<number[]> {
      const stream = Readable.from(chunkSizes.map((size) => Buffer.alloc(size, 1)));
      const out: number[] = [];
      for await (const part of streamParts(stream, 4)) out.push(part.length);
      return out;
    }
    expect(await sizes([3, 4, 5])).toEqual([4, 4, 4]);
    expect(await sizes([1, 1, 1, 1, 1])).toEqual([4, 1]);
    expect(await sizes([10])).toEqual([4, 4, 2]);
    expect(await sizes([8])).toEqual([4, 4]);
    expect(await sizes([])).toEqual([0]);
  });

  it('fails on a missing bucket instead of answering as an empty store', async () => {
    const store = makeStore({ bucket: 'no-such-bucket' });
    await expect(store.get('a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.put('a.png', Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.list('')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('serves content-addressed media from S3 with a year of caching, other media with five minutes', async () => {
    const store = makeStore({ prefix: 'install-e' });
    const frame = await putContentAddressed(store, 'contents/9/exterior', Buffer.from('jpeg bytes'), 'jpg');
    await store.put('images/logos/company_logo_0006.png', Buffer.from('png bytes'));
    const app = Fastify();
    await app.register(mediaRoutes, { store, access: openMediaAccess });
    try {
      const hashed = await app.inject({ method: 'GET', url: `/svnmedia/${frame.key}` });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(hashed.headers['content-type']).toBe('image/jpeg');
      expect(hashed.body).toBe('jpeg bytes');
      const logo = await app.inject({ method: 'GET', url: '/svnmedia/images/logos/company_logo_0006.png' });
      expect(logo.headers['cache-control']).toBe('public, max-age=300');
      expect(logo.body).toBe('png bytes');
      const missing = await app.inject({ method: 'GET', url: '/svnmedia/images/none.png' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is the store a node builds from SPINYARD_STORAGE=s3, and takes the default assets', async () => {
    const config = loadConfig({
      SPINYARD_STORAGE: 's3',
      SPINYARD_S3_ENDPOINT: s3.endpoint,
      SPINYARD_S3_BUCKET: BUCKET,
      SPINYARD_S3_FORCE_PATH_STYLE: 'true',
      SPINYARD_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      SPINYARD_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      SPINYARD_S3_PREFIX: 'configured',
    });
    const store = createBlobStore(config.storage);
    expect(await ensureDefaultAssets(store)).toEqual(DEFAULT_ASSETS.map((asset) => asset.key));
    const logo = await s3.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'configured/images/logos/company_logo_0006.png' }),
    );
    expect(logo.ContentType).toBe('image/png');
    expect(await ensureDefaultAssets(store)).toEqual([]);
  });
});
