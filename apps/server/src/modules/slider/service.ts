import {
  categoryCaption,
  categoryImageRefusal,
  effectiveImageSystem,
  type MediaOrderBody,
  readDomainOptions,
  SLIDER_MAX_ITEMS,
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
import { aiOptionsForDomain } from '../../platform/ai/availability.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, setMediaFlags, visibleForMedia } from '../contents/media-access.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { contentLocks } from '../processes/locks.ts';
import { imageAnswer, keysOf, renderedImage, storeRendered } from '../vehicle-media/images.ts';
import {
  answerInList,
  assertImageSize,
  assertPermutation,
  deleteUnreferenced,
  fieldRefusal,
  gate,
  IMAGE_SPEC,
  measured,
  overLimit,
  prefixOf,
  type SliderDeps,
} from './area-rules.ts';
import { type SliderItemRow, sliderRepo } from './repo.ts';
import { riderViewService } from './rider-view-service.ts';

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

function templateEnabled(row: ContentRecord): boolean {
  return effectiveImageSystem(readDomainOptions(row.domain_options), row.owner_image_system)
    .is_category_image_template_enabled;
}

/** The slider's answer: its items in order, the category settings and the AI options of the vehicle's domain. */
function sliderAnswerOf(row: ContentRecord, items: readonly SliderItemRow[]): SliderAnswer {
  return {
    items: items.map(sliderItemAnswer),
    config: sliderConfig(templateEnabled(row)),
    ai_options: aiOptionsForDomain(row.domain_options),
  };
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

/** The slider's use cases with the rider view's (one service for the routes, as the area is one screen). */
export function sliderService(deps: SliderDeps) {
  return { ...sliderItemsService(deps), ...riderViewService(deps) };
}

function sliderItemsService({ db, store, media }: SliderDeps) {
  async function sliderOf(trx: Db, row: ContentRecord): Promise<SliderAnswer> {
    const items = await sliderRepo(trx).items(row.id);
    return sliderAnswerOf(row, items);
  }

  async function afterSliderChange(trx: Db, contentId: string): Promise<SliderItemRow[]> {
    const items = await sliderRepo(trx).items(contentId);
    await setMediaFlags(trx, contentId, { has_category_images: items.some((i) => i.kind === 'image') });
    return items;
  }

  const imageKeysOf = (items: readonly SliderItemRow[]) => items.flatMap((i) => (i.image ? keysOf(i.image) : []));

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
      assertImageSize(file);
      const data = await measured(media, file, categoryImageRefusal);
      // Decoded before the transaction: waiting for its turn to decode holds no database connection.
      const rendered = await renderedImage(media, data, IMAGE_SPEC);
      return db.transaction().execute(async (trx) => {
        await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.UPLOAD');
        const repo = sliderRepo(trx);
        if ((await repo.items(contentId)).length >= SLIDER_MAX_ITEMS) throw overLimit(SLIDER_MAX_ITEMS);
        const image = await storeRendered(store, prefixOf(contentId, 'slider'), rendered);
        const row = await repo.insertItem(contentId, {
          kind: 'image',
          category: fields.data.category,
          caption: categoryCaption(fields.data.caption),
          image,
          video_id: null,
        });
        const items = await afterSliderChange(trx, contentId);
        return answerInList(row, items, sliderItemAnswer);
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
        return answerInList(row, items, sliderItemAnswer);
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
        return answerInList(row, items, sliderItemAnswer);
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
        return sliderAnswerOf(row, items);
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
  };
}

export type SliderService = ReturnType<typeof sliderService>;
