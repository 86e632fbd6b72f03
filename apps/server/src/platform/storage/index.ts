import type { BlobStore } from './blob-store.ts';
import { createDiskBlobStore } from './disk-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

export type StorageSettings =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      prefix: string | undefined;
    };

/** The blob store the configuration chose; every node (serve and worker) builds the same one. */
export function createBlobStore(settings: StorageSettings): BlobStore {
  if (settings.kind === 'disk') return createDiskBlobStore(settings.dir);
  return createS3BlobStore(settings);
}
