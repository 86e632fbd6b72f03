import { type PendingChangesAnswer, publishedManifest } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { lockVisible } from '../contents/content-service.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import { keysOf } from '../vehicle-media/images.ts';
import { mediaRowsOf } from '../vehicle-media/rows.ts';
import type { BuildService } from './build-service.ts';
import { buildManifest } from './manifest.ts';
import { type ManifestChanges, manifestChanges } from './pending.ts';
import { publishedKeys, readText } from './published-blobs.ts';
import { type PublicationRow, publicationsRepo } from './repo.ts';

const baseName = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/** Buyers see a built page: the vehicle is public (or limited public) and has a manifest. */
const servedToBuyers = (
  row: ContentRecord,
  pub: PublicationRow | undefined,
): pub is PublicationRow & {
  manifest_key: string;
} =>
  (row.publication === 'published' || row.publication === 'limited_public') &&
  pub !== undefined &&
  pub.manifest_key !== null;

/**
 * "Published means what the dealer sees": what the vehicle's rows would publish now against what buyers are served,
 * and the republish of a vehicle whose change hides something buyers still see (a blur, a deleted frame, image,
 * scene or hotspot, an unpublished hotspot, a detail no longer shown), at once, without the dealer's button
 * (docs/decisions.md, "Publishing: pending changes").
 */
export function pendingService({ db, store, build }: { db: Db; store: BlobStore; build: BuildService }) {
  /** The changes of a locked vehicle against its served manifest; null when buyers see no built page. */
  async function changesLocked(trx: Db, row: ContentRecord, pub: PublicationRow | undefined) {
    if (!servedToBuyers(row, pub)) return null;
    const json = await readText(store, pub.manifest_key);
    if (json === null) return null;
    const published = publishedManifest.parse(JSON.parse(json));
    // The manifest the rows make now, with the URLs a build would give (nothing is copied).
    const current = await buildManifest(trx, row, pub.short_id, new Date(), publishedKeys(row.id, row.domain_id).url);
    const replaced = new Set<string>();
    for (const frame of (await mediaRowsOf(trx, row.id)).frames) {
      if (frame.edit_kind === 'replace' && frame.edited)
        for (const key of keysOf(frame.edited)) replaced.add(baseName(key));
    }
    return manifestChanges(published, current, replaced);
  }

  return {
    async pending(actor: Actor, id: string): Promise<PendingChangesAnswer> {
      const caller = await loadCaller(db, actor);
      return db.transaction().execute(async (trx) => {
        const row = await lockVisible(trx, caller, id);
        const pub = await publicationsRepo(trx).find(id);
        const changes = await changesLocked(trx, row, pub);
        return {
          content_id: id,
          published: changes !== null,
          built_at: pub?.built_at ? pub.built_at.toISOString() : null,
          areas: changes?.areas ?? [],
        };
      });
    },

    /**
     * After an edit of a vehicle buyers see: when the edit hides something they still see, the vehicle is built
     * again as it now stands, under its lock (an edit in progress waits; a process's steps are each whole under it).
     * Answers what was found, or null when nothing was to check.
     */
    async republishHidden(contentId: string, builtBy: string | null): Promise<ManifestChanges | null> {
      const pub = await publicationsRepo(db).find(contentId);
      if (pub?.manifest_key === null || pub === undefined) return null;
      let rebuilt = false;
      const changes = await db.transaction().execute(async (trx) => {
        const [row] = await contentRecords(trx).lock([contentId]);
        if (!row) return null;
        const found = await changesLocked(trx, row, await publicationsRepo(trx).find(contentId));
        if (!found?.hides) return found;
        await build.buildLocked(trx, builtBy, row, false, pub.base_url);
        rebuilt = true;
        return found;
      });
      if (rebuilt) await build.prune(contentId);
      return changes;
    },
  };
}
export type PendingService = ReturnType<typeof pendingService>;
