import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { PRIVATE_BLOB_PREFIX } from '../../platform/storage/media-routes.ts';

/**
 * Where the bytes of a finished upload can be read, on any node: the uploads folder of the node that received it
 * (`<data dir>/uploads/<id>`, tus's file store), and with `keepUploadsInStore` (S3 storage) also the blob store under
 * `private/uploads/<id>`, which every node and worker reaches. A worker on another machine reads the blob into a copy
 * of its own. docs/decisions.md, "Media: uploads on any worker", says when the copy is made and why.
 */

/** The blob of a finished upload: under the private prefix, which `/svnmedia` never serves (it is unchecked). */
export const uploadBlobKey = (id: string): string => `${PRIVATE_BLOB_PREFIX}uploads/${id}`;

/** An upload file is named by its upload's id in the uploads folder (UploadFiles.pathOf). */
export const uploadIdOf = (file: string): string => path.basename(file);

/**
 * Copies of uploads read from the blob store, one per upload id: a retry on the same worker finds its copy, and the
 * deletion of the upload removes it. A copy left by a worker whose attempt failed and whose retry ran elsewhere is
 * removed by the next open on that worker once older than COPY_MAX_AGE_MS.
 */
const COPIES_DIR = path.join(tmpdir(), 'spinyard-upload-copies');
/** Longer than every attempt of a pipeline job (three of 45 minutes, and the reaper's). */
const COPY_MAX_AGE_MS = 24 * 3600_000;

export interface UploadFileDeps {
  store: BlobStore;
}

export interface OpenedUploadFile {
  /** A file on this machine with the upload's bytes. */
  path: string;
  /** Removes the copy read from the blob store (nothing when the file was the uploads folder's own). */
  dispose(): Promise<void>;
}

/** The upload is neither in this node's folder nor in the blob store: another node has it, or nobody any more. */
export class UploadFileMissing extends Error {
  override readonly name = 'UploadFileMissing';
  constructor(readonly uploadId: string) {
    super(`The upload ${uploadId} is neither in this node's uploads folder nor in the blob store.`);
  }
}

/** Puts a finished upload's bytes into the blob store (before it is `ready`, so any worker finds them). */
export async function keepUploadInStore(store: BlobStore, id: string, file: string): Promise<void> {
  await store.put(uploadBlobKey(id), createReadStream(file), { contentType: 'application/octet-stream' });
}

const copyOf = (id: string) => path.join(COPIES_DIR, id);

async function sweepOldCopies(now: number): Promise<void> {
  const names = await readdir(COPIES_DIR).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(COPIES_DIR, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > COPY_MAX_AGE_MS) await rm(file, { force: true });
  }
}

/**
 * A local file with the upload's bytes: the uploads folder's own file when this node has it, else a copy read from
 * the blob store (kept from an earlier attempt on this node when it is whole). The caller disposes of it when done;
 * `deleteUploadFiles` removes it too. Throws UploadFileMissing when neither has the upload.
 */
export async function openUploadFile(
  deps: UploadFileDeps,
  upload: { id: string; file: string },
): Promise<OpenedUploadFile> {
  if (existsSync(upload.file)) return { path: upload.file, dispose: async () => undefined };
  const blob = await deps.store.get(uploadBlobKey(upload.id));
  if (!blob) throw new UploadFileMissing(upload.id);
  await mkdir(COPIES_DIR, { recursive: true, mode: 0o700 });
  await sweepOldCopies(Date.now());
  const copy = copyOf(upload.id);
  const dispose = () => rm(copy, { force: true });
  const kept = await stat(copy).catch(() => undefined);
  if (kept?.size === blob.size) {
    (blob.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    return { path: copy, dispose };
  }
  // Written beside and renamed, so a copy cut by a crash is never taken for a whole one.
  const partial = `${copy}.${randomBytes(6).toString('hex')}.part`;
  try {
    await pipeline(blob.stream, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, copy);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { path: copy, dispose };
}

/**
 * Removes from a node's uploads folder the files of uploads that are done with (`isDone` answers which of the ids):
 * a pipeline that ran on another machine deleted the blob and its own copy, but cannot reach this folder. Files
 * changed within `graceMs` are left alone (an upload being created: its row may not be visible yet).
 */
export async function sweepDoneUploadFiles(
  deps: UploadFileDeps & { isDone: (ids: readonly string[]) => Promise<string[]> },
  dir: string,
  graceMs: number,
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  const candidates: string[] = [];
  for (const name of names) {
    // Upload ids are hex (service.create); anything else (tus's `.json`, a stray file) is not one.
    if (!/^[0-9a-f]{32}$/.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && now - info.mtimeMs > graceMs) candidates.push(name);
  }
  const done = await deps.isDone(candidates);
  await deleteUploadFiles(
    deps,
    done.map((id) => path.join(dir, id)),
  );
  return done;
}

/**
 * Deletes everything of the uploads whose files are given: the uploads folder's file and tus's `<id>.json` beside it,
 * this node's copy read from the blob store, and the blob. Missing pieces are no error, so it may run again.
 */
export async function deleteUploadFiles(deps: UploadFileDeps, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const id = uploadIdOf(file);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
    await rm(copyOf(id), { force: true });
    await deps.store.delete(uploadBlobKey(id));
  }
}
