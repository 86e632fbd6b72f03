import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { errorBody } from '@spinyard/domain';
import { FileStore } from '@tus/file-store';
import type { Locker, Server } from '@tus/server';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { UploadsService } from './service.ts';
import { ShapedTusServer } from './tus-errors.ts';
import { uploadBlobKey } from './upload-files.ts';

/** Where unchecked uploads live: one folder, each upload's bytes under its id (and tus's `<id>.json` beside). */
export interface UploadFiles {
  dir: string;
  pathOf(id: string): string;
}

/** tus's file store, whose removal of an upload (cancel, refusal, expiry) also deletes its blob (upload-files.ts). */
class FileStoreWithBlob extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly blobs: BlobStore,
  ) {
    super(options);
  }

  override async remove(id: string): Promise<void> {
    // The blob first: tus's removal throws when its file is gone already, and the blob must go all the same.
    await this.blobs.delete(uploadBlobKey(id));
    await super.remove(id);
  }
}

export interface TusEndpoint {
  server: Server;
  files: UploadFiles;
  /** Names the upload tus is about to create for this request: the id the service recorded. */
  nameNext(raw: IncomingMessage, id: string): void;
}

/**
 * @tus/server over a folder of the data dir (never the public media store: a file is served only after the
 * pipeline has checked and converted it). The routes (routes.ts) make every decision about who may do what before
 * a request reaches tus; tus keeps the protocol: offsets, partial bytes after a dropped connection, expiry.
 */
export async function createTusEndpoint(options: {
  dir: string;
  /** The full path uploads are created at (content API prefix included): tus answers Location under it. */
  path: string;
  service: UploadsService;
  expireAfterMs: number;
  /** Where finished uploads may also be kept (the service's `keepIn`): a removed upload's blob goes too. */
  store: BlobStore;
  /** Locks shared by every node (pg-locker.ts); absent, tus's MemoryLocker, which only knows this process. */
  locker?: Locker | undefined;
  /** Where a failure the client only sees as internal_error is told in full. */
  logError?: (error: unknown, message: string) => void;
}): Promise<TusEndpoint> {
  const { dir, service } = options;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const files: UploadFiles = { dir, pathOf: (id) => path.join(dir, id) };
  const datastore = new FileStoreWithBlob(
    { directory: dir, expirationPeriodInMilliseconds: options.expireAfterMs },
    options.store,
  );
  const names = new WeakMap<IncomingMessage, string>();
  const server = new ShapedTusServer({
    path: options.path,
    datastore,
    relativeLocation: true,
    maxSize: service.maxBytes,
    ...(options.locker ? { locker: options.locker } : {}),
    namingFunction(req) {
      const raw = req.runtime?.node?.req;
      const id = raw ? names.get(raw as IncomingMessage) : undefined;
      // Only the creation route names uploads; a request that reached tus another way creates nothing.
      if (!id) throw { status_code: 403, body: 'Forbidden\n' };
      return id;
    },
    async onUploadFinish(_req, upload) {
      const outcome = await service.finish(upload.id, files.pathOf(upload.id));
      if (outcome.ok) return {};
      if (outcome.code === 'internal_error') options.logError?.(outcome.cause, 'upload not kept in the blob store');
      // A refused file is not kept: its row says why (error_code), and the bytes are gone.
      await datastore.remove(upload.id);
      const status = {
        unsupported_video_format: 415,
        invalid_state_transition: 409,
        insufficient_storage: 507,
        internal_error: 500,
      } as const;
      return {
        status_code: status[outcome.code],
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(errorBody(outcome.code)),
      };
    },
  });
  return { server, files, nameNext: (raw, id) => names.set(raw, id) };
}
