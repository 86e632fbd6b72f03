import { readFile } from 'node:fs/promises';
import { HOTSPOT_LIMITS, type MediaImageAnswer, pictureFileRefusal } from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import type { Media, RenderedImage, RenderedSpinFrame, RenditionSpec } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressed } from '../../platform/storage/content-addressed.ts';
import { decodedOrRefused, fileRefusal } from './image-refusals.ts';
import { mediaUrlOf } from './media-urls.ts';

export { mediaUrlOf };

/** The outputs of one rendering: a master and each rendition in JPEG and WebP, as bytes or as files. */
interface Rendered<T> {
  width: number;
  height: number;
  master: T;
  renditions: Record<string, { width: number; height: number; jpeg: T; webp: T }>;
}

/** Puts one output content-addressed under `prefix` and answers its key. */
export type PutOutput = (data: Buffer, extension: 'jpg' | 'webp') => Promise<string>;

export const putterFor =
  (store: BlobStore, prefix: string): PutOutput =>
  async (data, extension) =>
    (
      await putContentAddressed(store, prefix, data, extension, {
        contentType: extension === 'jpg' ? 'image/jpeg' : 'image/webp',
      })
    ).key;

/** Puts every output of a rendering and answers the StoredImage that names them. */
export async function putRendered<T>(
  put: PutOutput,
  rendered: Rendered<T>,
  bytes: (output: T) => Promise<Buffer>,
): Promise<StoredImage> {
  const renditions: StoredImage['renditions'] = {};
  for (const [name, r] of Object.entries(rendered.renditions)) {
    // A rendition made as JPEG only names its JPEG as its WebP too (the spin's zoom, spin-renditions.ts).
    const [jpeg, webp] = await Promise.all([
      bytes(r.jpeg).then((b) => put(b, 'jpg')),
      r.webp === r.jpeg ? undefined : bytes(r.webp).then((b) => put(b, 'webp')),
    ]);
    renditions[name] = { width: r.width, height: r.height, jpeg, webp: webp ?? jpeg };
  }
  const master = await put(await bytes(rendered.master), 'jpg');
  return { width: rendered.width, height: rendered.height, master, renditions };
}

const asIs = async (data: Buffer) => data;

/**
 * The media areas' (exterior, interior, slider, hotspots) one way to store an image and to answer it: every
 * output of `Media.renderImage` is put content-addressed under `prefix` (e.g. `contents/12/exterior`), and a row
 * keeps the keys as a StoredImage. Writing the same picture again gives the same keys, so a retried job is harmless.
 */
export async function storeImage(
  store: BlobStore,
  media: Media,
  prefix: string,
  input: Buffer | string,
  spec: RenditionSpec,
): Promise<StoredImage> {
  return storeRendered(store, prefix, await renderedImage(media, input, spec));
}

/**
 * storeImage in two steps, for an upload: the decode first, outside any transaction (an upload waiting for its turn
 * to decode, platform/media/decode-slots.ts, must not hold a database connection), a decoder's refusal as the
 * catalogue's 422; then the outputs put under the vehicle's lock.
 */
export const renderedImage = (media: Media, input: Buffer | string, spec: RenditionSpec): Promise<RenderedImage> =>
  decodedOrRefused(media.renderImage(input, spec));

export const storeRendered = (store: BlobStore, prefix: string, rendered: RenderedImage): Promise<StoredImage> =>
  putRendered(putterFor(store, prefix), rendered, asIs);

/**
 * The same for an image rendered to files (a spin's frames, platform/media/spin-renditions.ts): each file is put
 * content-addressed, the master as it is.
 */
export async function storeRenderedImage(
  store: BlobStore,
  prefix: string,
  rendered: RenderedSpinFrame,
): Promise<StoredImage> {
  return putRendered(putterFor(store, prefix), rendered, (file) => readFile(file));
}

/**
 * A stored image as the content API answers it (URLs, never keys); `url` turns a key into its URL (the published
 * manifest's point to the published copies).
 */
export function imageAnswer(image: StoredImage, url: (key: string) => string = mediaUrlOf): MediaImageAnswer {
  const renditions: MediaImageAnswer['renditions'] = {};
  for (const [name, r] of Object.entries(image.renditions)) {
    renditions[name] = { width: r.width, height: r.height, jpeg: url(r.jpeg), webp: url(r.webp) };
  }
  return { width: image.width, height: image.height, renditions };
}

/** Every key an image holds (to delete blobs no row refers to any more). */
export function keysOf(image: StoredImage): string[] {
  return [image.master, ...Object.values(image.renditions).flatMap((r) => [r.jpeg, r.webp])];
}

/**
 * Copies a vehicle's blobs to another vehicle's prefix (`contents/<from>/...` → `contents/<to>/...`), each key once,
 * for the copy of a vehicle: each vehicle owns its files, because deleting a vehicle's media removes the files no
 * row *of that vehicle* refers to. A key outside the source prefix is kept as it is.
 */
export function blobCopier(store: BlobStore, fromId: string, toId: string) {
  const from = `contents/${fromId}/`;
  const to = `contents/${toId}/`;
  const copied = new Map<string, string>();
  async function key(source: string): Promise<string> {
    const known = copied.get(source);
    if (known !== undefined) return known;
    const target = source.startsWith(from) ? `${to}${source.slice(from.length)}` : source;
    if (target !== source) {
      const blob = await store.get(source);
      if (blob) await store.put(target, blob.stream);
    }
    copied.set(source, target);
    return target;
  }
  async function image(source: StoredImage): Promise<StoredImage> {
    const renditions: StoredImage['renditions'] = {};
    for (const [name, r] of Object.entries(source.renditions)) {
      renditions[name] = { ...r, jpeg: await key(r.jpeg), webp: await key(r.webp) };
    }
    const copy: StoredImage = { ...source, master: await key(source.master), renditions };
    // A panorama's tile keys (panoramas.ts: `tiles.keys`, row by row).
    const tiles = source.tiles as { keys?: unknown } | undefined;
    if (tiles && Array.isArray(tiles.keys)) {
      const keys: string[] = [];
      for (const k of tiles.keys) keys.push(typeof k === 'string' ? await key(k) : k);
      copy.tiles = { ...tiles, keys };
    }
    return copy;
  }
  return { key, image };
}
export type BlobCopier = ReturnType<typeof blobCopier>;

/**
 * A custom hotspot icon (a hotspot's own or a domain design's), already known to be a PNG of `width` x `height`:
 * refused when over the side limit, else re-encoded so only pixels and their transparency survive, fitted within
 * twice the best size, and stored content-addressed under `prefix`.
 */
export async function storeHotspotIcon(
  store: BlobStore,
  media: Media,
  prefix: string,
  data: Buffer,
  measured: { width: number; height: number },
): Promise<{ key: string; bytes: number; width: number; height: number }> {
  // The domain's icon rule (the console's too): checked from the header, before decoding.
  const refused = pictureFileRefusal('icon', { mime: 'image/png', ...measured });
  if (refused) throw fileRefusal(refused);
  const side = HOTSPOT_LIMITS.iconStoredSide;
  const png = await decodedOrRefused(
    media.reencodeImage(data, { format: 'png', fitWithin: { width: side, height: side } }),
  );
  const size = await media.measureImage(png);
  const put = await putContentAddressed(store, prefix, png, 'png', { contentType: 'image/png' });
  return { key: put.key, bytes: put.size, width: size.width ?? side, height: size.height ?? side };
}
