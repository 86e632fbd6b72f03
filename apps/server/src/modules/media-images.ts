import { MEDIA_URL_PREFIX, type MediaImageAnswer } from '@spinyard/domain';
import type { StoredImage } from '../db/schema.ts';
import type { Media, RenditionSpec } from '../platform/media/media.ts';
import type { BlobStore } from '../platform/storage/blob-store.ts';
import { putContentAddressed } from '../platform/storage/content-addressed.ts';

/**
 * The media areas' (exterior, interior, slider) one way to store an image and to answer it: every output of
 * `Media.renderImage` is put content-addressed under `prefix` (e.g. `contents/12/exterior`), and a row keeps the
 * keys as a StoredImage. Writing the same picture again gives the same keys, so a retried job is harmless.
 */
export async function storeImage(
  store: BlobStore,
  media: Media,
  prefix: string,
  input: Buffer | string,
  spec: RenditionSpec,
): Promise<StoredImage> {
  const rendered = await media.renderImage(input, spec);
  const put = async (data: Buffer, extension: 'jpg' | 'webp') =>
    (
      await putContentAddressed(store, prefix, data, extension, {
        contentType: extension === 'jpg' ? 'image/jpeg' : 'image/webp',
      })
    ).key;
  const renditions: StoredImage['renditions'] = {};
  for (const [name, r] of Object.entries(rendered.renditions)) {
    const [jpeg, webp] = await Promise.all([put(r.jpeg, 'jpg'), put(r.webp, 'webp')]);
    renditions[name] = { width: r.width, height: r.height, jpeg, webp };
  }
  return { width: rendered.width, height: rendered.height, master: await put(rendered.master, 'jpg'), renditions };
}

/** The URL a blob key is served at. */
export const mediaUrlOf = (key: string): string =>
  `${MEDIA_URL_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;

/** A stored image as the content API answers it (URLs, never keys). */
export function imageAnswer(image: StoredImage): MediaImageAnswer {
  const renditions: MediaImageAnswer['renditions'] = {};
  for (const [name, r] of Object.entries(image.renditions)) {
    renditions[name] = { width: r.width, height: r.height, jpeg: mediaUrlOf(r.jpeg), webp: mediaUrlOf(r.webp) };
  }
  return { width: image.width, height: image.height, renditions };
}

/** Every key an image holds (to delete blobs no row refers to any more). */
export function keysOf(image: StoredImage): string[] {
  return [image.master, ...Object.values(image.renditions).flatMap((r) => [r.jpeg, r.webp])];
}
