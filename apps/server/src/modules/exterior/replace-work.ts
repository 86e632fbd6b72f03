import {
  EXTERIOR_RENDITION_WIDTHS,
  EXTERIOR_SIZES,
  type ExteriorSizeId,
  RENDITION_QUALITY,
  REPLACE_IMAGE_MAX,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { Media, RenditionSpec } from '../../platform/media/media.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { storeImage } from '../vehicle-media/images.ts';
import { deleteUnreferencedBlobs, exteriorFlagsOf, refreshExteriorFlags } from './edit-common.ts';
import { exteriorRepo } from './repo.ts';

/** Where a vehicle's exterior images live in the blob store. */
export const exteriorPrefix = (contentId: string): string => `contents/${contentId}/exterior`;

/**
 * The sizes an exterior frame is stored in: `thumbnail` and `display` by EXTERIOR_RENDITION_WIDTHS, `zoom` at the
 * domain's exterior size (never larger than the frame), and a master capped to that size.
 */
export function exteriorFrameSpec(size: ExteriorSizeId, maxInputPixels: number): RenditionSpec {
  const box = EXTERIOR_SIZES.find((s) => s.id === size) ?? EXTERIOR_SIZES[1];
  return {
    maxInputPixels,
    master: { width: box.width, height: box.height },
    renditions: {
      thumbnail: { width: EXTERIOR_RENDITION_WIDTHS.thumbnail },
      display: { width: EXTERIOR_RENDITION_WIDTHS.display },
      zoom: { width: box.width },
    },
    quality: RENDITION_QUALITY,
  };
}

/** What the `exterior_replace_image` process is given: the frame, the checked upload kept in the store, the size. */
export interface ReplaceImagePayload {
  frame_id: string;
  /** The uploaded file as received (JPEG or PNG, checked by its content), deleted once the frame shows it. */
  source_key: string;
  /** The domain's exterior size when the replacement was asked for (the zoom rendition's box). */
  exterior_size: ExteriorSizeId;
}

const isSize = (value: unknown): value is ExteriorSizeId => EXTERIOR_SIZES.some((s) => s.id === value);

/** Where a replacement image waits for its process (content-addressed, so a retry finds the same key). */
export const replaceSourcePrefix = (contentId: string): string => `${exteriorPrefix(contentId)}/replace-sources`;

/**
 * The work of `exterior_replace_image`: renders the replacement in the frame sizes (docs/decisions.md: it keeps
 * its own size and aspect, the viewer fits every frame into the same box) and shows it instead of the extracted
 * frame (`edited`, edit_kind `replace`); the original stays, so `DELETE .../replace-image` restores it. A previous
 * edit of the frame (an earlier replacement, a blur) is replaced and its blobs deleted when nothing else shows them.
 * Idempotent: a retry renders the same keys; a retry after the frame was written finds the source gone and the
 * replacement shown, and stops.
 */
export function replaceImageWork(deps: { db: Db; store: BlobStore; media: Media }) {
  const { db, store, media } = deps;
  return async (run: ProcessWork): Promise<void> => {
    const {
      frame_id: frameId,
      source_key: sourceKey,
      exterior_size: size,
    } = run.payload as Partial<ReplaceImagePayload>;
    if (typeof frameId !== 'string' || typeof sourceKey !== 'string' || !isSize(size)) {
      throw new ProcessRefused('bad_request', 'The process was recorded without its frame, image and size.');
    }
    const frame = await exteriorRepo(db).frame(run.contentId, frameId);
    if (!frame) throw new ProcessRefused('not_found', 'The frame was deleted before its replacement was made.');
    const source = await readBlob(store, sourceKey);
    if (!source) {
      if (frame.edit_kind === 'replace') return;
      throw new ProcessRefused('not_found', 'The replacement image is no longer stored.');
    }
    await run.progress(10);
    const spec = exteriorFrameSpec(size, REPLACE_IMAGE_MAX.width * REPLACE_IMAGE_MAX.height);
    const image = await storeImage(store, media, exteriorPrefix(run.contentId), source, spec);
    await run.progress(80);
    const previous = await db.transaction().execute(async (trx) => {
      const repo = exteriorRepo(trx);
      await repo.lockRows(run.contentId);
      const current = await repo.frame(run.contentId, frameId);
      if (!current) throw new ProcessRefused('not_found', 'The frame was deleted before its replacement was made.');
      const before = await exteriorFlagsOf(trx, run.contentId);
      await repo.setEdited(frameId, { image, kind: 'replace' });
      await refreshExteriorFlags(trx, run.contentId, before);
      return current.edited;
    });
    if (previous) await deleteUnreferencedBlobs(db, store, run.contentId, [previous]);
    await store.delete(sourceKey);
  };
}
