import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { errorBody } from '@spinyard/domain';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { UploadsService } from './service.ts';

/** Where unchecked uploads live: one folder, each upload's bytes under its id (and tus's `<id>.json` beside). */
export interface UploadFiles {
  dir: string;
  pathOf(id: string): string;
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
}): Promise<TusEndpoint> {
  const { dir, service } = options;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const files: UploadFiles = { dir, pathOf: (id) => path.join(dir, id) };
  const datastore = new FileStore({ directory: dir, expirationPeriodInMilliseconds: options.expireAfterMs });
  const names = new WeakMap<IncomingMessage, string>();
  const server = new Server({
    path: options.path,
    datastore,
    relativeLocation: true,
    maxSize: service.maxBytes,
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
      // A refused file is not kept: its row says why (error_code), and the bytes are gone.
      await datastore.remove(upload.id);
      return {
        status_code: outcome.code === 'unsupported_video_format' ? 415 : 409,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(errorBody(outcome.code)),
      };
    },
  });
  return { server, files, nameNext: (raw, id) => names.set(raw, id) };
}
