import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';

/** A blob written ahead of the row that will point to it, with the way back if that row never lands. */
export interface StagedBlob {
  key: string;
  rollback(): Promise<void>;
}

/**
 * Writes `data` under `key` before the transaction that records it commits. Published names are fixed (the
 * sidebar builds `company_logo_{code}.png` itself), so the bytes already there are kept in memory (pictures here
 * are at most a few MB) and put back when the transaction fails: a refused or failed upload never loses the
 * logo that was showing. Callers hold the owning row's lock, so two uploads of one picture cannot interleave.
 */
export async function stageBlob(store: BlobStore, key: string, data: Buffer, contentType: string): Promise<StagedBlob> {
  const previous = await readBlob(store, key);
  await store.put(key, data, { contentType });
  return {
    key,
    async rollback() {
      if (previous) await store.put(key, previous, { contentType });
      else await store.delete(key);
    },
  };
}

/** The public URL of a stored picture; the version defeats the five-minute media cache after a replacement. */
export function mediaUrl(key: string | null, version: Date): string | null {
  return key === null ? null : `/svnmedia/${key}?v=${version.getTime()}`;
}
