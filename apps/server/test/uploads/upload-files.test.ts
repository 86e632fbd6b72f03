import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRepo } from '../../src/modules/uploads/repo.ts';
import {
  deleteUploadFiles,
  openUploadFile,
  sweepDoneUploadFiles,
  UploadFileMissing,
  uploadBlobKey,
} from '../../src/modules/uploads/upload-files.ts';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import { clipBytes, mp4 } from '../helpers/clips.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { createUpload, openPatch, patchUpload, serve, tusRequest, uploadUrl } from './tus-client.ts';

/**
 * Uploads reachable by any worker and any node (S3 storage, where `serve` keeps finished uploads in the blob store):
 * a finished upload's bytes go to the store before it is `ready`; `openUploadFile` gives the local file, or a copy
 * read from the store on a machine without it; cancelling or deleting an upload deletes its blob. And two nodes on
 * one database and one shared uploads folder never write one upload at once: a node asked about an upload another
 * node is still writing waits for that request to end (tus's lock in PostgreSQL), then answers the true offset.
 */

const t = useTestApp({ keepUploadsInStore: true });

let nodeA: string;
let nodeB: string;
let video: Buffer;
/** Stands for another machine, whose upload folder this one does not have. */
let workDir: string;
let owner: SignedInUser;
let car: string;
let store: BlobStore;

beforeAll(async () => {
  nodeA = await serve(t.app);
  // A second node: the same database and data folder (shared), its own tus server and lock session.
  nodeB = await serve(await t.rebuild());
  workDir = await mkdtemp(path.join(tmpdir(), 'spinyard-upload-files-'));
  video = await clipBytes('walk', mp4('640x360', 6, 30));
  owner = await t.make.signedIn({ privilege_type: 'super' });
  [car] = (await t.make.vehicles(owner)) as [string];
  store = createDiskBlobStore(path.join(t.dir, 'media'));
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const send = (node: string, method: string, url: string) => tusRequest(node, owner.contentToken, method, url);

async function created(size = video.length): Promise<string> {
  const res = await createUpload(nodeA, owner.contentToken, car, size);
  expect(res.status, await res.clone().text()).toBe(201);
  return (res.headers.get('location') ?? '').split('/').at(-1) as string;
}

const patch = (node: string, id: string, offset: number, bytes: Buffer) =>
  patchUpload(node, owner.contentToken, id, offset, bytes);

const rowOf = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
const fileOf = (id: string) => path.join(t.dir, 'uploads', id);
async function blobBytes(id: string): Promise<Buffer | null> {
  const blob = await store.get(uploadBlobKey(id));
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('a finished upload in the blob store', () => {
  it('is put there before it is ready, byte for byte, and is never served', async () => {
    const id = await created();
    expect((await patch(nodeA, id, 0, video)).status).toBe(204);
    expect((await rowOf(id))?.status).toBe('ready');
    expect((await blobBytes(id))?.equals(video)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/svnmedia/${uploadBlobKey(id)}` })).statusCode).toBe(404);
  });

  it('opens as the local file where it is, and as a copy from the store on a machine without it', async () => {
    const id = await created();
    expect((await patch(nodeA, id, 0, video)).status).toBe(204);

    const here = await openUploadFile({ store }, { id, file: fileOf(id) });
    expect(here.path).toBe(fileOf(id));
    await here.dispose();
    expect(existsSync(fileOf(id))).toBe(true);

    // The payload names the receiving node's path, which this "machine" does not have.
    const elsewhere = path.join(workDir, 'another-node', 'uploads', id);
    const copy = await openUploadFile({ store }, { id, file: elsewhere });
    expect(copy.path).not.toBe(elsewhere);
    expect((await readFile(copy.path)).equals(video)).toBe(true);
    // A retry on the same machine finds its whole copy again.
    const again = await openUploadFile({ store }, { id, file: elsewhere });
    expect(again.path).toBe(copy.path);
    expect((await stat(again.path)).size).toBe(video.length);
    await copy.dispose();
    expect(existsSync(copy.path)).toBe(false);

    // Deleting the upload (the pipeline's end) takes everything: file, tus's metadata, copy and blob.
    const last = await openUploadFile({ store }, { id, file: elsewhere });
    await deleteUploadFiles({ store }, [fileOf(id)]);
    expect(existsSync(fileOf(id))).toBe(false);
    expect(existsSync(`${fileOf(id)}.json`)).toBe(false);
    expect(existsSync(last.path)).toBe(false);
    expect(await store.exists(uploadBlobKey(id))).toBe(false);
    await expect(openUploadFile({ store }, { id, file: elsewhere })).rejects.toBeInstanceOf(UploadFileMissing);
  });

  it('replaces a copy cut short by a crash rather than taking it', async () => {
    const id = await created();
    expect((await patch(nodeA, id, 0, video)).status).toBe(204);
    const elsewhere = path.join(workDir, 'another-node', 'uploads', id);
    const first = await openUploadFile({ store }, { id, file: elsewhere });
    await writeFile(first.path, video.subarray(0, 1000));
    const whole = await openUploadFile({ store }, { id, file: elsewhere });
    expect((await readFile(whole.path)).equals(video)).toBe(true);
    await whole.dispose();
  });

  it('goes with a cancel (tus DELETE) of the upload', async () => {
    const id = await created();
    expect((await patch(nodeA, id, 0, video)).status).toBe(204);
    expect(await store.exists(uploadBlobKey(id))).toBe(true);
    expect((await send(nodeB, 'DELETE', uploadUrl(id))).status).toBe(204);
    expect((await rowOf(id))?.status).toBe('canceled');
    expect(existsSync(fileOf(id))).toBe(false);
    expect(await store.exists(uploadBlobKey(id))).toBe(false);
  });

  it('is never made for a file refused as no video', async () => {
    const text = Buffer.from('not a video at all\n'.repeat(500));
    const id = await created(text.length);
    expect((await patch(nodeA, id, 0, text)).status).toBe(415);
    expect(await store.exists(uploadBlobKey(id))).toBe(false);
  });
});

describe("a node's sweep of its uploads folder", () => {
  it('deletes the files of uploads done with elsewhere (a spin made on another machine), and keeps the others', async () => {
    const done = await created();
    expect((await patch(nodeA, done, 0, video)).status).toBe(204);
    const waiting = await created();
    expect((await patch(nodeA, waiting, 0, video)).status).toBe(204);
    const arriving = await created();
    expect((await patch(nodeA, arriving, 0, video.subarray(0, 1000))).status).toBe(204);
    // The pipeline ran on another machine: the row is complete there, this node's file is still here.
    await t.make.update.uploadStatus(done, 'complete');
    const isDone = uploadsRepo(t.db).doneAmong;

    // Within the grace nothing goes; after it, only the upload done with.
    expect(await sweepDoneUploadFiles({ store, isDone }, path.join(t.dir, 'uploads'), 60_000)).toEqual([]);
    expect(await sweepDoneUploadFiles({ store, isDone }, path.join(t.dir, 'uploads'), 0)).toEqual([done]);
    expect(existsSync(fileOf(done))).toBe(false);
    expect(existsSync(`${fileOf(done)}.json`)).toBe(false);
    expect(await store.exists(uploadBlobKey(done))).toBe(false);
    for (const kept of [waiting, arriving]) expect(existsSync(fileOf(kept))).toBe(true);
    expect(await store.exists(uploadBlobKey(waiting))).toBe(true);
  });
});

describe('two nodes and one upload', () => {
  it('makes a node wait for the request another node is still writing, then answers the offset it wrote', async () => {
    const id = await created();
    const sent = 256 * 1024;
    // Node A receives part of a PATCH that announces the whole file and then stalls (a weak network).
    const stalled = openPatch(nodeA, owner.contentToken, id, video.length);
    const ended = new Promise<void>((resolve) => {
      stalled.on('error', () => resolve());
      stalled.on('close', () => resolve());
      stalled.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
    });
    stalled.write(video.subarray(0, sent));
    for (let i = 0; i < 100 && !((await stat(fileOf(id)).catch(() => undefined))?.size ?? 0); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await stat(fileOf(id))).size).toBeGreaterThan(0);

    // The client resumes through node B: its HEAD waits until A's request has let the upload go (asked to by B).
    const startedAt = Date.now();
    const head = await send(nodeB, 'HEAD', uploadUrl(id));
    const waited = Date.now() - startedAt;
    expect(head.status).toBe(200);
    expect(waited).toBeGreaterThan(1000);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    await ended;
    // Nothing more was written after B answered: A's request is over.
    expect((await stat(fileOf(id))).size).toBe(offset);

    expect((await patch(nodeB, id, offset, video.subarray(offset))).status).toBe(204);
    expect((await rowOf(id))?.status).toBe('ready');
    expect((await readFile(fileOf(id))).equals(video)).toBe(true);
    stalled.destroy();
  });
});
