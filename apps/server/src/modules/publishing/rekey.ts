import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { contentRecords } from '../contents/service.ts';
import { legacyPublishedPrefix, publishedKeys, putManifest, readText } from './published-blobs.ts';
import { publicationsRepo } from './repo.ts';

/** Publications moved per job; a backlog is worked off by the next runs. */
const REKEY_BATCH = 50;

/**
 * Moves one publication built before keyed names to them (docs/decisions.md, "Media: who may load which file"):
 * the manifest as it was built, byte for byte but its file URLs, now naming copies under keyed names, so nothing
 * the dealer has not published reaches buyers. Under the vehicle's lock, like a build; the manifest before is not
 * kept (its files are the legacy ones, deleted after the commit). The short URL and the page stay as they were.
 */
export async function rekeyPublication(db: Db, store: BlobStore, contentId: string): Promise<boolean> {
  const legacy = legacyPublishedPrefix(contentId);
  const moved = await db.transaction().execute(async (trx) => {
    const [vehicle] = await contentRecords(trx).lock([contentId]);
    const pub = await publicationsRepo(trx).find(contentId);
    if (
      !vehicle ||
      !pub?.manifest_key?.startsWith(`${legacy}/`) ||
      pub.manifest_key.slice(legacy.length + 1).includes('/')
    )
      return false;
    const text = await readText(store, pub.manifest_key);
    if (text === null) return false;
    const keys = publishedKeys(contentId, vehicle.domain_id);
    // The prefix is `contents/<digits>/published`: nothing in it means anything to a regular expression.
    const url = new RegExp(`/svnmedia/${legacy}/([0-9a-f]{64}\\.[a-z0-9]{1,8})`, 'g');
    const rewritten = text.replace(url, (_match, name: string) => keys.url(`${legacy}/${name}`));
    await keys.copy(store);
    const put = await putManifest(store, contentId, rewritten);
    await publicationsRepo(trx).setManifest(contentId, {
      key: put.key,
      sha256: put.sha256,
      keys: [put.key, ...keys.targets()],
      previous: { key: null, keys: [] },
      builtBy: pub.built_by_user_id,
      builtAt: pub.built_at ?? new Date(),
    });
    return true;
  });
  if (!moved) return false;
  // Only files directly in the legacy folder: the keyed copies live in a folder below it.
  for (const key of await store.list(`${legacy}/`)) {
    if (!key.slice(legacy.length + 1).includes('/')) await store.delete(key);
  }
  return true;
}

/** One run: publications still under legacy names, a batch of them. */
export async function rekeyLegacyPublications(db: Db, store: BlobStore): Promise<string[]> {
  const moved: string[] = [];
  for (const id of await publicationsRepo(db).legacyNamed(REKEY_BATCH)) {
    if (await rekeyPublication(db, store, id)) moved.push(id);
  }
  return moved;
}
