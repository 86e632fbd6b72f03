import { readFile } from 'node:fs/promises';
import {
  type categoryImageRefusal,
  isPermutationOf,
  type MediaOrderBody,
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
import { type ListRow, type PlainListTable, sliderRepo } from './repo.ts';

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

/** A plain ordered list of the area (original videos, rider view images): its table, locks, blobs and answers. */
export interface PlainList<T extends PlainListTable, A> {
  table: T;
  operations: { remove: Operation; reorder: Operation };
  /** The blob keys a row refers to. */
  keys(row: ListRow<T>): string[];
  answer(row: ListRow<T>, order: number): A;
  limits: { max_bytes: number; max_items: number };
  /** What the rows left after a delete set on the vehicle (the rider view's flag). */
  afterDelete?(trx: Db, contentId: string, rest: readonly ListRow<T>[]): Promise<void>;
}

/**
 * A plain list's whole answer, and its delete and reorder: each under `lockForMedia` in one transaction; a delete
 * removes only the blobs no remaining row refers to.
 */
export function plainListUseCases<T extends PlainListTable, A>({ db, store }: SliderDeps, list: PlainList<T, A>) {
  async function listAnswer(trx: Db, contentId: string) {
    const rows = await sliderRepo(trx).list(list.table).rows(contentId);
    return { items: rows.map((row, order) => list.answer(row, order)), ...list.limits };
  }
  return {
    listAnswer,
    remove: (actor: Actor, contentId: string, id: string) =>
      db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, list.operations.remove);
        const rows = sliderRepo(trx).list(list.table);
        const removed = await rows.remove(contentId, id);
        if (!removed) throw new AppError('not_found');
        const rest = await rows.rows(contentId);
        await list.afterDelete?.(trx, contentId, rest);
        await deleteUnreferenced(store, list.keys(removed), rest.flatMap(list.keys));
        return listAnswer(trx, contentId);
      }),
    reorder: (actor: Actor, contentId: string, body: MediaOrderBody) =>
      db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, list.operations.reorder);
        const rows = sliderRepo(trx).list(list.table);
        assertPermutation(body.ids, await rows.rows(contentId));
        await rows.reorder(contentId, body.ids);
        return listAnswer(trx, contentId);
      }),
  };
}
