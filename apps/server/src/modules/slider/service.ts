import { readFile } from 'node:fs/promises';
import {
  categoryCaption,
  categoryImageRefusal,
  effectiveImageSystem,
  type ImageRefusal,
  isPermutationOf,
  type MediaOrderBody,
  type Operation,
  RENDITION_QUALITY,
  RIDER_VIEW_MAX_IMAGES,
  type RiderViewAnswer,
  type RiderViewImageAnswer,
  readDomainOptions,
  riderViewImageRefusal,
  SLIDER_IMAGE_MAX_BYTES,
  SLIDER_MAX_ITEMS,
  SLIDER_RENDITION_WIDTHS,
  type SliderAnswer,
  type SliderItemAnswer,
  type SliderItemUpdateBody,
  sliderConfig,
  sliderImageFields,
  type VideoLinkBody,
  videoIdOf,
  videoLinkAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { Media, RenditionSpec } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { contentsStyleOf } from '../contents/answer.ts';
import { lockForMedia, setMediaFlags, visibleForMedia } from '../contents/media-access.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { contentLocks } from '../processes/locks.ts';
import { imageAnswer, keysOf, storeImage } from '../vehicle-media/images.ts';
import { type RiderViewImageRow, type SliderItemRow, sliderRepo } from './repo.ts';

/**
 * The slider area's use cases: category images and video links (one ordered list) and a bike's rider view images.
 * Original content videos are in movie-service.ts, which shares the helpers exported here. Every change goes through
 * `lockForMedia` (visibility, deletion, listing link, the lock rules) in its transaction; files are checked by their
 * content before anything is stored.
 *
 * Blobs are content-addressed, so two items may share one (the same picture twice). A delete removes, inside its
 * transaction and while it holds the vehicle's lock, only the blobs no remaining row of the vehicle refers to; an
 * upload stores its blobs while holding the same lock, so a delete can never remove a blob an upload is about to
 * refer to.
 */

export interface SliderDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

/** Every image of the area in these sizes (JPEG and WebP); the master keeps the picture's own size. */
const IMAGE_SPEC: RenditionSpec = {
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

const refused = (r: ImageRefusal) => new AppError(r.code, { params: r.params, message: r.message });

export const overLimit = (max: number) =>
  new AppError('max_content_count_exceeded', {
    params: { max },
    message: `The maximum number of items is exceeded (at most ${max}).`,
  });

const fieldRefusal = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', { fields: [{ field, rule, message }] });

function templateEnabled(row: ContentRecord): boolean {
  return effectiveImageSystem(readDomainOptions(row.domain_options), row.owner_image_system)
    .is_category_image_template_enabled;
}

export function sliderItemAnswer(row: SliderItemRow, order: number): SliderItemAnswer {
  if (row.kind === 'image' && row.image) {
    return {
      kind: 'image',
      id: row.id,
      order,
      category: (row.category ?? 'other') as Extract<SliderItemAnswer, { kind: 'image' }>['category'],
      caption: row.caption,
      image: imageAnswer(row.image),
    };
  }
  return { kind: 'video_link', id: row.id, order, caption: row.caption, ...videoLinkAnswer(row.video_id ?? '') };
}

const riderAnswer = (row: RiderViewImageRow, order: number): RiderViewImageAnswer => ({
  id: row.id,
  order,
  image: imageAnswer(row.image),
});

/** Deletes the keys no remaining row refers to. */
export async function deleteUnreferenced(store: BlobStore, removed: readonly string[], kept: readonly string[]) {
  const stillUsed = new Set(kept);
  for (const key of new Set(removed)) if (!stillUsed.has(key)) await store.delete(key);
}

/** The gate alone, before a file is looked at: another tenant's vehicle is `not_found` whatever the file. */
export const gate = (db: Db, actor: Actor, contentId: string, operation: Operation) =>
  db.transaction().execute((trx) => lockForMedia(trx, actor, contentId, operation));

export function sliderService({ db, store, media }: SliderDeps) {
  async function measured(file: ReceivedFile, rule: typeof categoryImageRefusal): Promise<Buffer> {
    const data = await readFile(file.path);
    const refusal = rule(await media.measureImage(data));
    if (refusal) throw refused(refusal);
    return data;
  }

  async function sliderOf(trx: Db, row: ContentRecord): Promise<SliderAnswer> {
    const items = await sliderRepo(trx).items(row.id);
    return { items: items.map(sliderItemAnswer), config: sliderConfig(templateEnabled(row)) };
  }

  async function afterSliderChange(trx: Db, contentId: string): Promise<SliderItemRow[]> {
    const items = await sliderRepo(trx).items(contentId);
    await setMediaFlags(trx, contentId, { has_category_images: items.some((i) => i.kind === 'image') });
    return items;
  }

  const imageKeysOf = (items: readonly SliderItemRow[]) => items.flatMap((i) => (i.image ? keysOf(i.image) : []));

  function assertBike(row: ContentRecord): void {
    if (contentsStyleOf(row.domain_options, row.owner_image_system) !== 'bike') {
      throw new AppError('rider_view_bike_only');
    }
  }

  return {
    async slider(actor: Actor, contentId: string): Promise<SliderAnswer> {
      const row = await visibleForMedia(db, actor, contentId);
      return sliderOf(db, row);
    },

    /** A category image (multipart: file, category, caption): checked, stored in every size, appended. */
    async addImage(actor: Actor, contentId: string, file: ReceivedFile): Promise<SliderItemAnswer> {
      await gate(db, actor, contentId, 'CATEGORY_IMAGE.UPLOAD');
      const fields = sliderImageFields.safeParse(file.fields);
      if (!fields.success) {
        const issue = fields.error.issues[0];
        const field = String(issue?.path[0] ?? 'category');
        throw fieldRefusal(field, field === 'category' ? 'enum' : 'max', issue?.message ?? 'Check this field.');
      }
      if (file.bytes > SLIDER_IMAGE_MAX_BYTES) {
        throw new AppError('file_too_large', { params: { max_bytes: SLIDER_IMAGE_MAX_BYTES } });
      }
      const data = await measured(file, categoryImageRefusal);
      return db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.UPLOAD');
        const repo = sliderRepo(trx);
        if ((await repo.items(contentId)).length >= SLIDER_MAX_ITEMS) throw overLimit(SLIDER_MAX_ITEMS);
        const image = await storeImage(store, media, prefixOf(contentId, 'slider'), data, IMAGE_SPEC);
        const row = await repo.insertItem(contentId, {
          kind: 'image',
          category: fields.data.category,
          caption: categoryCaption(fields.data.caption),
          image,
          video_id: null,
        });
        const items = await afterSliderChange(trx, contentId);
        return sliderItemAnswer(
          row,
          items.findIndex((i) => i.id === row.id),
        );
      });
    },

    async addVideoLink(actor: Actor, contentId: string, body: VideoLinkBody): Promise<SliderItemAnswer> {
      return db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, 'VIDEO_SITE.UPLOAD');
        const videoId = videoIdOf(body.url);
        if (videoId === undefined) {
          throw fieldRefusal(
            'url',
            'video_link',
            'Enter a video-sharing link (youtube.com/watch?v=..., youtu.be/..., /embed/..., /shorts/...) or its 11-character video id.',
          );
        }
        const repo = sliderRepo(trx);
        if ((await repo.items(contentId)).length >= SLIDER_MAX_ITEMS) throw overLimit(SLIDER_MAX_ITEMS);
        const row = await repo.insertItem(contentId, {
          kind: 'video_link',
          category: null,
          caption: categoryCaption(body.caption ?? ''),
          image: null,
          video_id: videoId,
        });
        const items = await afterSliderChange(trx, contentId);
        return sliderItemAnswer(
          row,
          items.findIndex((i) => i.id === row.id),
        );
      });
    },

    async updateItem(
      actor: Actor,
      contentId: string,
      itemId: string,
      body: SliderItemUpdateBody,
    ): Promise<SliderItemAnswer> {
      return db.transaction().execute(async (trx) => {
        const repo = sliderRepo(trx);
        const found = await repo.item(contentId, itemId);
        // The vehicle's gate first: another tenant learns nothing about the item.
        await lockForMedia(
          trx,
          actor,
          contentId,
          found?.kind === 'video_link' ? 'VIDEO_SITE.UPDATE' : 'CATEGORY_IMAGE.UPDATE',
        );
        if (!found) throw new AppError('not_found');
        if (found.kind === 'video_link' && body.category !== undefined) {
          throw fieldRefusal('category', 'not_applicable', 'A video link has no category.');
        }
        const change: { caption?: string; category?: string } = {};
        if (body.caption !== undefined) change.caption = categoryCaption(body.caption);
        if (body.category !== undefined) change.category = body.category;
        const row = await repo.updateItem(contentId, itemId, change);
        if (!row) throw new AppError('not_found');
        const items = await repo.items(contentId);
        return sliderItemAnswer(
          row,
          items.findIndex((i) => i.id === row.id),
        );
      });
    },

    async deleteItem(actor: Actor, contentId: string, itemId: string): Promise<SliderAnswer> {
      return db.transaction().execute(async (trx) => {
        const repo = sliderRepo(trx);
        const found = await repo.item(contentId, itemId);
        const row = await lockForMedia(
          trx,
          actor,
          contentId,
          found?.kind === 'video_link' ? 'VIDEO_SITE.DELETE' : 'CATEGORY_IMAGE.DELETE',
        );
        const removed = found ? await repo.deleteItem(contentId, itemId) : undefined;
        if (!removed) throw new AppError('not_found');
        const items = await afterSliderChange(trx, contentId);
        if (removed.image) await deleteUnreferenced(store, keysOf(removed.image), imageKeysOf(items));
        return { items: items.map(sliderItemAnswer), config: sliderConfig(templateEnabled(row)) };
      });
    },

    async reorder(actor: Actor, contentId: string, body: MediaOrderBody): Promise<SliderAnswer> {
      return db.transaction().execute(async (trx) => {
        const row = await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.REORDER');
        const repo = sliderRepo(trx);
        const items = await repo.items(contentId);
        if (items.some((i) => i.kind === 'video_link')) {
          await contentLocks(trx).assertUnlocked(contentId, 'VIDEO_SITE.REORDER');
        }
        assertPermutation(body.ids, items);
        await repo.reorderItems(contentId, body.ids);
        return sliderOf(trx, row);
      });
    },

    // ---- Rider view (bikes) -----------------------------------------------------------------------------------

    async riderView(actor: Actor, contentId: string): Promise<RiderViewAnswer> {
      await visibleForMedia(db, actor, contentId);
      return riderViewOf(db, contentId);
    },

    async addRiderView(actor: Actor, contentId: string, file: ReceivedFile): Promise<RiderViewImageAnswer> {
      assertBike(await gate(db, actor, contentId, 'CATEGORY_IMAGE.UPLOAD'));
      if (file.bytes > SLIDER_IMAGE_MAX_BYTES) {
        throw new AppError('file_too_large', { params: { max_bytes: SLIDER_IMAGE_MAX_BYTES } });
      }
      const data = await measured(file, riderViewImageRefusal);
      return db.transaction().execute(async (trx) => {
        assertBike(await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.UPLOAD'));
        const repo = sliderRepo(trx);
        if ((await repo.riderView(contentId)).length >= RIDER_VIEW_MAX_IMAGES) throw overLimit(RIDER_VIEW_MAX_IMAGES);
        const image = await storeImage(store, media, prefixOf(contentId, 'rider-view'), data, IMAGE_SPEC);
        const row = await repo.insertRiderView(contentId, image);
        const all = await repo.riderView(contentId);
        await setMediaFlags(trx, contentId, { has_rider_view: all.length > 0 });
        return riderAnswer(
          row,
          all.findIndex((r) => r.id === row.id),
        );
      });
    },

    async deleteRiderView(actor: Actor, contentId: string, imageId: string): Promise<RiderViewAnswer> {
      return db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.DELETE');
        const repo = sliderRepo(trx);
        const removed = await repo.deleteRiderView(contentId, imageId);
        if (!removed) throw new AppError('not_found');
        const rest = await repo.riderView(contentId);
        await setMediaFlags(trx, contentId, { has_rider_view: rest.length > 0 });
        await deleteUnreferenced(
          store,
          keysOf(removed.image),
          rest.flatMap((r) => keysOf(r.image)),
        );
        return riderViewOf(trx, contentId);
      });
    },

    async reorderRiderView(actor: Actor, contentId: string, body: MediaOrderBody): Promise<RiderViewAnswer> {
      return db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.REORDER');
        const repo = sliderRepo(trx);
        assertPermutation(body.ids, await repo.riderView(contentId));
        await repo.reorderRiderView(contentId, body.ids);
        return riderViewOf(trx, contentId);
      });
    },
  };
}

export type SliderService = ReturnType<typeof sliderService>;

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

async function riderViewOf(db: Db, contentId: string): Promise<RiderViewAnswer> {
  const rows = await sliderRepo(db).riderView(contentId);
  return { items: rows.map(riderAnswer), max_bytes: SLIDER_IMAGE_MAX_BYTES, max_items: RIDER_VIEW_MAX_IMAGES };
}
