import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { makeTempDir } from '../jobs/temp-space.ts';
import { type BlobStore, parseBlobKey, UnsafeBlobKeyError } from './blob-store.ts';

/**
 * Content-addressed blobs: the file name is the SHA-256 of the bytes, so a URL never changes meaning and can be
 * cached for a year by browsers and any CDN in front; new bytes always get a new URL.
 */
const HASHED_NAME = /^[0-9a-f]{64}\.[a-z0-9]{1,8}$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
// Other keys (logos, manuals) are replaced in place, so caches must come back for them soon.
export const SHORT_CACHE_CONTROL = 'public, max-age=300';

export function isContentAddressed(key: string): boolean {
  return HASHED_NAME.test(key.slice(key.lastIndexOf('/') + 1));
}

export function cacheControlFor(key: string): string {
  return isContentAddressed(key) ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL;
}

export interface ContentAddressedBlob {
  key: string;
  sha256: string;
  size: number;
}

/** The hash of a stream, copied into a file on the way so the bytes can be put under the key it names. */
async function spool(data: NodeJS.ReadableStream, file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      hash.update(buffer);
      size += buffer.length;
      callback(null, buffer);
    },
  });
  await pipeline(data, hashing, createWriteStream(file, { flags: 'wx' }));
  return { sha256: hash.digest('hex'), size };
}

/**
 * The same for a file already on disk (an upload): it is read once to hash it and once more to store it, never
 * copied to a temporary file first.
 */
export async function putContentAddressedFile(
  store: BlobStore,
  prefix: string,
  file: string,
  extension: string,
  options?: { contentType?: string },
): Promise<ContentAddressedBlob> {
  parseBlobKey(prefix);
  if (!EXTENSION.test(extension)) throw new UnsafeBlobKeyError(extension, 'not a lower-case extension');
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  const sha256 = hash.digest('hex');
  const key = `${prefix}/${sha256}.${extension}`;
  await store.put(key, createReadStream(file), options);
  return { key, sha256, size };
}

/**
 * Stores `data` as `{prefix}/{sha256}.{ext}` and returns the key. The same bytes under the same prefix give the
 * same key (writing them again replaces the blob with itself). A stream is spooled through a temporary file,
 * since its key is known only once the last byte is read.
 */
export async function putContentAddressed(
  store: BlobStore,
  prefix: string,
  data: Buffer | NodeJS.ReadableStream,
  extension: string,
  options?: { contentType?: string },
): Promise<ContentAddressedBlob> {
  parseBlobKey(prefix);
  if (!EXTENSION.test(extension)) throw new UnsafeBlobKeyError(extension, 'not a lower-case extension');
  if (Buffer.isBuffer(data)) {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const key = `${prefix}/${sha256}.${extension}`;
    await store.put(key, data, options);
    return { key, sha256, size: data.length };
  }
  const dir = await makeTempDir('spinyard-blob-');
  try {
    const file = path.join(dir, 'data');
    const { sha256, size } = await spool(data, file);
    const key = `${prefix}/${sha256}.${extension}`;
    await store.put(key, createReadStream(file), options);
    return { key, sha256, size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
