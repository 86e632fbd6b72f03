import { readFile } from 'node:fs/promises';
import {
  type categoryImageRefusal,
  isPermutationOf,
  type Operation,
  RENDITION_QUALITY,
  SLIDER_IMAGE_MAX_BYTES,
  SLIDER_RENDITION_WIDTHS,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { Media, RenditionSpec } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { fileRefusal } from '../vehicle-media/image-refusals.ts';

// What the slider area's services share: their dependencies, the image sizes, the file and list rules.

export interface SliderDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

/** Every image of the area in these sizes (JPEG and WebP); the master keeps the picture's own size. */
export const IMAGE_SPEC: RenditionSpec = {
  maxInputPixels: 40_000_000,
  renditions: {
    thumbnail: { width: SLIDER_RENDITION_WIDTHS.thumbnail },
    display: { width: SLIDER_RENDITION_WIDTHS.display },
    zoom: { width: SLIDER_RENDITION_WIDTHS.zoom },
  },
  quality: RENDITION_QUALITY,
};

export const prefixOf = (contentId: string, area: 'slider' | 'rider-view' | 'movies') =>
  `contents/${contentId}/${area}`;

export const overLimit = (max: number) =>
  new AppError('max_content_count_exceeded', {
    params: { max },
    message: `The maximum number of items is exceeded (at most ${max}).`,
  });

export const fieldRefusal = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', { fields: [{ field, rule, message }] });

/** Deletes the keys no remaining row refers to. */
export async function deleteUnreferenced(store: BlobStore, removed: readonly string[], kept: readonly string[]) {
  const stillUsed = new Set(kept);
  for (const key of new Set(removed)) if (!stillUsed.has(key)) await store.delete(key);
}

/** The gate alone, before a file is looked at: another tenant's vehicle is `not_found` whatever the file. */
export const gate = (db: Db, actor: Actor, contentId: string, operation: Operation) =>
  db.transaction().execute((trx) => lockForMedia(trx, actor, contentId, operation));

/** The file's bytes, once its picture passes the area's rule (kind, aspect, width). */
export async function measured(media: Media, file: ReceivedFile, rule: typeof categoryImageRefusal): Promise<Buffer> {
  const data = await readFile(file.path);
  const refusal = rule(await media.measureImage(data));
  if (refusal) throw fileRefusal(refusal);
  return data;
}

/** A file over the area's image limit, refused before it is read. */
export function assertImageSize(file: ReceivedFile): void {
  if (file.bytes > SLIDER_IMAGE_MAX_BYTES) {
    throw new AppError('file_too_large', { params: { max_bytes: SLIDER_IMAGE_MAX_BYTES } });
  }
}

export function assertPermutation(ids: readonly string[], rows: readonly { id: string }[]): void {
  if (
    !isPermutationOf(
      ids,
      rows.map((r) => r.id),
    )
  ) {
    throw fieldRefusal('ids', 'permutation', 'Name every item of the list exactly once.');
  }
}

/** A row's answer at its place in the list it was just added to or changed in. */
export function answerInList<R extends { id: string }, A>(
  row: R,
  list: readonly { id: string }[],
  answer: (row: R, order: number) => A,
): A {
  return answer(
    row,
    list.findIndex((r) => r.id === row.id),
  );
}
