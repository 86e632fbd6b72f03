import {
  RIDER_VIEW_MAX_IMAGES,
  type RiderViewAnswer,
  type RiderViewImageAnswer,
  riderViewImageRefusal,
  SLIDER_IMAGE_MAX_BYTES,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { Actor } from '../auth/service.ts';
import { contentsStyleOf } from '../contents/answer.ts';
import { lockForMedia, setMediaFlags, visibleForMedia } from '../contents/media-access.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { imageAnswer, keysOf, renderedImage, storeRendered } from '../vehicle-media/images.ts';
import {
  answerInList,
  assertImageSize,
  gate,
  IMAGE_SPEC,
  measured,
  overLimit,
  plainListUseCases,
  prefixOf,
  type SliderDeps,
} from './area-rules.ts';
import { type RiderViewImageRow, sliderRepo } from './repo.ts';

function assertBike(row: ContentRecord): void {
  if (contentsStyleOf(row) !== 'bike') {
    throw new AppError('rider_view_bike_only');
  }
}

const riderAnswer = (row: RiderViewImageRow, order: number): RiderViewImageAnswer => ({
  id: row.id,
  order,
  image: imageAnswer(row.image),
});

/** A bike's rider view images: an ordered list, stored as the slider's images are. */
export function riderViewService(deps: SliderDeps) {
  const { db, store, media } = deps;
  const riderList = plainListUseCases(deps, {
    table: 'rider_view_images',
    operations: { remove: 'CATEGORY_IMAGE.DELETE', reorder: 'CATEGORY_IMAGE.REORDER' },
    keys: (row) => keysOf(row.image),
    answer: riderAnswer,
    limits: { max_bytes: SLIDER_IMAGE_MAX_BYTES, max_items: RIDER_VIEW_MAX_IMAGES },
    afterDelete: (trx, contentId, rest) => setMediaFlags(trx, contentId, { has_rider_view: rest.length > 0 }),
  });
  return {
    async riderView(actor: Actor, contentId: string): Promise<RiderViewAnswer> {
      await visibleForMedia(db, actor, contentId);
      return riderList.listAnswer(db, contentId);
    },

    async addRiderView(actor: Actor, contentId: string, file: ReceivedFile): Promise<RiderViewImageAnswer> {
      assertBike(await gate(db, actor, contentId, 'CATEGORY_IMAGE.UPLOAD'));
      assertImageSize(file);
      const data = await measured(media, file, riderViewImageRefusal);
      // Decoded before the transaction: waiting for its turn to decode holds no database connection.
      const rendered = await renderedImage(media, data, IMAGE_SPEC);
      return db.transaction().execute(async (trx) => {
        assertBike(await lockForMedia(trx, actor, contentId, 'CATEGORY_IMAGE.UPLOAD'));
        const repo = sliderRepo(trx);
        if ((await repo.riderView(contentId)).length >= RIDER_VIEW_MAX_IMAGES) throw overLimit(RIDER_VIEW_MAX_IMAGES);
        const image = await storeRendered(store, prefixOf(contentId, 'rider-view'), rendered);
        const row = await repo.insertRiderView(contentId, image);
        const all = await repo.riderView(contentId);
        await setMediaFlags(trx, contentId, { has_rider_view: all.length > 0 });
        return answerInList(row, all, riderAnswer);
      });
    },

    deleteRiderView: riderList.remove,

    reorderRiderView: riderList.reorder,
  };
}
