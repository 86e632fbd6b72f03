import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import { isContentAddressed, putContentAddressed } from '../../platform/storage/content-addressed.ts';
import { mediaUrlOf, publishedName } from '../vehicle-media/media-urls.ts';

/**
 * A published vehicle's files are copies under `contents/<id>/published/`, named by a keyed hash of the tenant and
 * the source's SHA-256 (vehicle-media/media-urls.ts): the same bytes published by two tenants get unrelated names,
 * and nobody can name a published file from its bytes. Editing the vehicle deletes the files its rows stop naming (each media area does so at once); the copies
 * are not theirs, so the published manifest keeps working until the next build. Copies of unchanged pictures are
 * already there, so a republish writes only what changed.
 */
export const publishedPrefix = (contentId: string): string => `contents/${contentId}/published/k`;

/**
 * Where builds before issue 18 put their copies, named by the bytes' SHA-256 alone (an existence oracle across
 * tenants); rekey.ts moves each such publication to keyed names.
 */
export const legacyPublishedPrefix = (contentId: string): string => `contents/${contentId}/published`;

const baseName = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/** The published copy's key of a content-addressed source key, in the vehicle's tenant. */
export function publishedKeyOf(contentId: string, domainId: string, source: string): string {
  if (!isContentAddressed(source)) throw new Error(`Media key is not content-addressed: ${source}`);
  const [sha256, extension] = baseName(source).split('.') as [string, string];
  return `${publishedPrefix(contentId)}/${publishedName(domainId, sha256)}.${extension}`;
}

/**
 * Collects the source keys a manifest names and answers each one's URL in the published copy. Media keys are
 * content-addressed (vehicle-media/images.ts), so the copy's name is known before it is written.
 */
export function publishedKeys(contentId: string, domainId: string) {
  const sources = new Map<string, string>();
  return {
    url(source: string): string {
      const target = publishedKeyOf(contentId, domainId, source);
      sources.set(target, source);
      return mediaUrlOf(target);
    },
    /** The published keys recorded so far. */
    targets: (): string[] => [...sources.keys()],
    /** Copies every source not yet in the published folder, a few at a time. */
    async copy(store: BlobStore): Promise<void> {
      const pending = [...sources.entries()];
      for (let i = 0; i < pending.length; i += 16) {
        await Promise.all(
          pending.slice(i, i + 16).map(async ([target, source]) => {
            if (await store.exists(target)) return;
            const blob = await store.get(source);
            // A source missing now means a row names a lost file: publishing it would show a hole, so refuse.
            if (!blob) throw new Error(`Media file missing: ${source}`);
            await store.put(target, blob.stream);
          }),
        );
      }
    },
  };
}

/** Stores the manifest's JSON content-addressed in the published folder. */
export async function putManifest(store: BlobStore, contentId: string, json: string) {
  return putContentAddressed(store, publishedPrefix(contentId), Buffer.from(json, 'utf8'), 'json', {
    contentType: 'application/json; charset=utf-8',
  });
}

export async function readText(store: BlobStore, key: string): Promise<string | null> {
  return (await readBlob(store, key))?.toString('utf8') ?? null;
}
