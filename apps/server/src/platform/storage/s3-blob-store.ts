import type { Readable } from 'node:stream';
import type { CompletedPart, S3Client, UploadPartCommandOutput } from '@aws-sdk/client-s3';
import { type BlobEntry, type BlobStore, parseBlobKey } from './blob-store.ts';
import { cacheControlFor } from './content-addressed.ts';
import { contentTypeFor } from './media-routes.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Unset: Amazon S3 itself. Any S3-compatible service (MinIO, R2, Wasabi, Ceph...) otherwise. */
  endpoint?: string | undefined;
  /** `bucket` in the path instead of the host name, which most self-hosted services need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, instance or task role, web identity). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Folder inside the bucket, so one bucket can hold several installations. */
  prefix?: string | undefined;
  /** Size of each part of a streamed upload; tests make it small to cross part boundaries cheaply. */
  partSize?: number;
}

export interface S3BlobStore extends BlobStore {
  /** Closes the client's pooled connections. */
  destroy(): void;
}

// S3's smallest part (every part but the last) is 5 MiB; 8 MiB keeps a 4K walk-around video under 10,000 parts
// (S3's limit: 78 GB) while holding at most two parts in memory per upload.
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // GetObject names the missing key; HeadObject has no body and only says 404. A missing bucket says
  // NoSuchBucket and is thrown: it is a configuration error, not an absent blob.
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 && error.name !== 'NoSuchBucket';
}

/**
 * Reads a stream into parts of exactly `partSize` bytes (the last may be shorter): some S3-compatible stores
 * (Cloudflare R2) refuse parts of unequal size, so chunks are cut rather than passed along as they come.
 */
export async function* streamParts(data: NodeJS.ReadableStream, partSize: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of data) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    pending.push(buffer);
    pendingBytes += buffer.length;
    while (pendingBytes >= partSize) {
      const joined = Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, partSize);
      pending = [joined.subarray(partSize)];
      pendingBytes -= partSize;
    }
  }
  if (pendingBytes > 0 || pending.length === 0) yield Buffer.concat(pending, pendingBytes);
}

type S3 = { sdk: typeof import('@aws-sdk/client-s3'); client: S3Client };

/**
 * The SDK imported when a store is made, not at the top: a node on disk storage never loads it (about 0.1 s of
 * CPU at every start, paid by each test server too). Every operation waits for it.
 */
async function openClient(options: S3BlobStoreOptions): Promise<S3> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default checksums stream bodies in the aws-chunked encoding, which many S3-compatible stores
    // (and s3rver, which tests this store) do not understand and would store framing and all.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
}

/** A large stream as a multipart upload, aborted if the stream or a part fails. */
async function putMultipart(
  { sdk, client }: S3,
  bucket: string,
  Key: string,
  first: Buffer,
  rest: AsyncGenerator<Buffer>,
  headers: { ContentType: string; CacheControl: string | undefined },
): Promise<void> {
  const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key, ...headers }));
  const done: CompletedPart[] = [];
  try {
    let PartNumber = 1;
    let body: Buffer | undefined = first;
    while (body) {
      const sending: Promise<UploadPartCommandOutput> = client.send(
        new sdk.UploadPartCommand({
          Bucket: bucket,
          Key,
          UploadId,
          PartNumber,
          Body: body,
          ContentLength: body.length,
        }),
      );
      // The next part is read while this one goes up (two parts in memory at most), and both are settled
      // before anything else happens, so an abort never races a part still on its way.
      const reading: Promise<IteratorResult<Buffer>> = rest.next();
      const [sent, next] = await Promise.allSettled([sending, reading]);
      if (sent.status === 'rejected') throw sent.reason;
      if (next.status === 'rejected') throw next.reason;
      done.push({ ETag: sent.value.ETag, PartNumber });
      PartNumber += 1;
      body = next.value.done ? undefined : next.value.value;
    }
    await client.send(
      new sdk.CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId, MultipartUpload: { Parts: done } }),
    );
  } catch (error) {
    // Uploaded parts are billed until aborted; the abort's own failure must not hide the first error.
    await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).catch(() => undefined);
    throw error;
  }
}

/**
 * Blobs as objects of one bucket. S3 makes an object visible only when its upload completes, so `put` is atomic
 * as the interface asks: a small stream is read whole and put at once, a large one goes up as a multipart
 * upload that is aborted when the stream fails, leaving the previous object in place.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const ready = openClient(options);
  // A failed import is each operation's error, not an unhandled rejection.
  ready.catch(() => undefined);
  const bucket = options.bucket;
  const root = options.prefix ? `${parseBlobKey(options.prefix.replace(/\/+$/, '')).join('/')}/` : '';
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;

  /** The object key of a blob key, refused as the disk store refuses it. */
  function objectKey(key: string): string {
    parseBlobKey(key);
    return root + key;
  }

  async function listObjects(prefix: string): Promise<BlobEntry[]> {
    // The same check as the disk store's: the part up to the last slash must be a safe folder.
    const slash = prefix.lastIndexOf('/');
    if (slash !== -1) parseBlobKey(prefix.slice(0, slash));
    const entries: BlobEntry[] = [];
    const { sdk, client } = await ready;
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: root + prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(root.length);
        // Objects written by other tools under names the store would refuse are not blobs of this store.
        if (!key || !isSafeKey(key)) continue;
        // A service that leaves out the time gives "now": an unknown age never makes a blob look old.
        entries.push({ key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    async put(key, data, putOptions) {
      const Key = objectKey(key);
      const { sdk, client } = await ready;
      const headers = {
        ContentType: putOptions?.contentType ?? contentTypeFor(key),
        // Stored on the object too, so a CDN reading the bucket directly caches as the media route does.
        CacheControl: cacheControlFor(key),
      };
      if (Buffer.isBuffer(data)) {
        await client.send(
          new sdk.PutObjectCommand({ Bucket: bucket, Key, Body: data, ContentLength: data.length, ...headers }),
        );
        return;
      }
      const chunks = streamParts(data, partSize);
      const first = await chunks.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      if (firstPart.length < partSize) {
        // The whole stream fitted in one part: no multipart upload needed.
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: firstPart,
            ContentLength: firstPart.length,
            ...headers,
          }),
        );
        return;
      }
      await putMultipart(await ready, bucket, Key, firstPart, chunks, headers);
    },

    async get(key) {
      const { sdk, client } = await ready;
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      const { sdk, client } = await ready;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a missing key too, which is what the interface asks.
      const { sdk, client } = await ready;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async list(prefix) {
      return (await listObjects(prefix)).map((entry) => entry.key);
    },

    // S3's listing carries each object's size and LastModified, so this costs no more requests than `list`.
    listEntries: listObjects,

    destroy() {
      void ready.then(({ client }) => client.destroy());
    },
  };
}

function isSafeKey(key: string): boolean {
  try {
    parseBlobKey(key);
    return true;
  } catch {
    return false;
  }
}
