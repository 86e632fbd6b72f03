import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { frameDifference, type MediaImageAnswer } from '@spinyard/domain';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../src/db/database.ts';
import type { StoredImage } from '../../src/db/schema.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { uploadsRepo } from '../../src/modules/uploads/repo.ts';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { clip, X264 } from '../helpers/clips.ts';
import { turntableVideo } from '../helpers/turntable.ts';

/**
 * What the pipeline tests share: a ready upload as the tus endpoint leaves one (the file in the upload folder, the
 * row `ready`), the stored rows and blobs of a vehicle's exterior, and the frames' pictures read back as the loop's
 * signatures (32x18 grayscale), so the spin is measured on what was stored.
 */

/** A finished, checked upload of `file` by `owner` on `contentId`, as tus and the uploads service leave it. */
export async function readyUpload(
  t: { db: Db; dir: string },
  owner: { id: string },
  contentId: string,
  file: string,
  fileName = 'walk.mp4',
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const dir = path.join(t.dir, 'uploads');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, id));
  const { size } = await stat(file);
  const repo = uploadsRepo(t.db);
  await repo.insert({ id, contentId, userId: owner.id, purpose: 'exterior', size, fileName });
  await repo.move(id, ['requested'], 'ready', { container: 'mp4' });
  return id;
}

export const uploadFile = (t: { dir: string }, id: string) => path.join(t.dir, 'uploads', id);
export const uploadRow = (db: Db, id: string) => uploadsRepo(db).find(id);

/** Every blob key under the vehicle's folder of the store. */
export const blobsOf = (store: BlobStore, contentId: string) => store.list(`contents/${contentId}/`);

export async function rowsOf(db: Db, contentId: string) {
  const repo = exteriorRepo(db);
  const [groups, frames] = await Promise.all([repo.groups(contentId), repo.frames(contentId)]);
  return groups.map((g) => ({ group: g, frames: frames.filter((f) => f.group_id === g.id) }));
}

async function readBlob(store: BlobStore, key: string): Promise<Buffer> {
  const blob = await store.get(key);
  if (!blob) throw new Error(`no blob ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Each rendition of a stored image, read from the store and measured by its bytes. */
export async function measuredRenditions(store: BlobStore, image: StoredImage) {
  const out: Record<string, { jpeg: Metadata; webp: Metadata }> = {};
  for (const [name, r] of Object.entries(image.renditions)) {
    out[name] = {
      jpeg: await sharp(await readBlob(store, r.jpeg)).metadata(),
      webp: await sharp(await readBlob(store, r.webp)).metadata(),
    };
  }
  return out;
}

/** A stored frame as the loop reads a video frame: 32x18 gray, area-averaged. */
export async function signatureOf(store: BlobStore, image: StoredImage): Promise<Uint8Array> {
  const key = image.renditions.display?.jpeg ?? image.master;
  const gray = await sharp(await readBlob(store, key))
    .resize(32, 18, { fit: 'fill', kernel: 'cubic' })
    .grayscale()
    .raw()
    .toBuffer();
  return new Uint8Array(gray);
}

/** Mean difference of each stored frame to the next, in order. */
export function steps(signatures: readonly Uint8Array[]): number[] {
  return signatures.slice(1).map((s, i) => frameDifference(signatures[i]!, s));
}

/** The turntable video played backwards: the same scene turning the other way. */
export async function reversedTurntable(turns: number): Promise<string> {
  const source = await turntableVideo(turns);
  return clip(`reversed-${turns}`, { ext: 'mp4', format: 'mp4', args: ['-i', source, '-vf', 'reverse', ...X264] });
}

/**
 * The second half of a walk-around that turntableVideo(0.625) begins: the 1.25-turn turntable from 5 s on (the view
 * 0.625 of a turn in) played at half speed, so it lasts 10 s and covers 0.625 to 1.25 turns. Merged after the
 * first, the turn closes 6 s into it (16 s into the pair).
 */
export async function continuedTurntable(): Promise<string> {
  const source = await turntableVideo(1.25);
  return clip('continued', {
    ext: 'mp4',
    format: 'mp4',
    args: ['-ss', '5', '-i', source, '-vf', 'setpts=2*(PTS-STARTPTS)', '-r', '30', ...X264],
  });
}

/** The answer's renditions by name and format (for a route's answer). */
export const renditionNames = (image: MediaImageAnswer) => Object.keys(image.renditions).sort();
