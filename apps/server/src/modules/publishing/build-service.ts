import { randomBytes, randomInt } from 'node:crypto';
import {
  type BuildContentsAnswer,
  type ContentAnswer,
  publishedManifest,
  readDomainOptions,
  SHORT_ID_LENGTH,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { answerOf, lockVisible, lockVisibleUndeleted } from '../contents/content-service.ts';
import { publishLocked, publishTarget, setPublicationLocked } from '../contents/publication-service.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import { contentLocks } from '../processes/locks.ts';
import { buildManifest } from './manifest.ts';
import { legacyPublishedPrefix, publishedKeys, putManifest } from './published-blobs.ts';
import { type PublicationRow, publicationsRepo } from './repo.ts';
import { manifestPath } from './urls.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newShortId = (): string => Array.from({ length: SHORT_ID_LENGTH }, () => ALPHABET[randomInt(62)]).join('');

const hasImages = (row: ContentRecord): boolean =>
  row.has_exterior || row.has_interior || row.has_rider_view || row.has_category_images;

/** The origin of public URLs: scheme, host and port only, so nothing else of a header reaches an embed code. */
export function originOf(candidate: string | undefined, fallback: string): string {
  for (const value of [candidate, fallback]) {
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // Not a URL: try the next.
    }
  }
  return 'http://localhost';
}

/** A vehicle's public address, made once (a short random id) and stable from then on. */
async function ensureAddress(trx: Db, contentId: string, baseUrl: string): Promise<PublicationRow> {
  const repo = publicationsRepo(trx);
  const known = await repo.find(contentId);
  if (known) return known;
  // 62^10 ids: a clash is next to impossible, but a taken id just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const made = await repo.insert({
      content_id: contentId,
      short_id: newShortId(),
      base_url: baseUrl,
      token_secret: randomBytes(32).toString('base64url'),
    });
    if (made) break;
  }
  const row = await repo.find(contentId);
  if (!row) throw new Error('No public address could be made');
  return row;
}

/** The vehicle states a build refuses: a deleted vehicle is restored first, a sleeping one woken first. */
function assertBuildable(row: ContentRecord): void {
  if (row.publication === 'deleted') {
    throw new AppError('invalid_state_transition', { params: { reason: 'restore_first', from: row.publication } });
  }
  if (row.publication === 'sleeping') {
    throw new AppError('invalid_state_transition', { params: { reason: 'wake_first', from: row.publication } });
  }
  if (!hasImages(row)) throw new AppError('publish_without_images');
}

export interface BuildDeps {
  db: Db;
  store: BlobStore;
}

/**
 * `buildcontents` and `create_short_url`. A build runs in one transaction under the vehicle's row lock, the lock
 * every edit takes, so it reads one consistent state: it copies the files it names into the published folder,
 * writes the manifest blob, then points the row at it (one UPDATE: a viewer sees the old manifest or the new one,
 * never a mix). Files of manifests older than the one before are pruned after the commit, under the same lock.
 */
export function buildService({ db, store }: BuildDeps) {
  async function prune(contentId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await contentRecords(trx).lock([contentId]);
      const kept = await publicationsRepo(trx).keptKeys(contentId);
      if (kept.size === 0) return;
      // The whole published folder, so copies of builds before keyed names go too (rekey.ts).
      for (const key of await store.list(`${legacyPublishedPrefix(contentId)}/`)) {
        if (!kept.has(key)) await store.delete(key);
      }
    });
  }

  /**
   * Builds the manifest of a vehicle the caller's transaction has locked and checked, and points its publication row
   * at it; `publish` also moves it to published (limited public when its limited publication is on).
   */
  async function buildLocked(trx: Db, actor: Actor, row: ContentRecord, publish: boolean, origin: string) {
    const id = row.id;
    const address = await ensureAddress(trx, id, origin);
    const builtAt = new Date();
    const keys = publishedKeys(id, row.domain_id);
    // Parsed by its own schema: a row the viewer could not read fails here, not in a buyer's browser.
    const manifest = publishedManifest.parse(await buildManifest(trx, row, address.short_id, builtAt, keys.url));
    await keys.copy(store);
    const put = await putManifest(store, id, JSON.stringify(manifest));
    const same = address.manifest_key === put.key;
    await publicationsRepo(trx).setManifest(id, {
      key: put.key,
      sha256: put.sha256,
      keys: [put.key, ...keys.targets()],
      // Building the same state twice keeps the manifest before it, so viewers that loaded it still find its files.
      previous: same
        ? { key: address.previous_manifest_key, keys: address.previous_manifest_keys }
        : { key: address.manifest_key, keys: address.manifest_keys },
      builtBy: actor.userId,
      builtAt,
    });
    if (publish) await publishLocked(trx, row);
    return { address, put, builtAt };
  }

  return {
    async build(actor: Actor, id: string, publish: boolean, origin: string): Promise<BuildContentsAnswer> {
      const caller = await loadCaller(db, actor);
      const answer = await db.transaction().execute(async (trx) => {
        const row = await lockVisible(trx, caller, id);
        assertBuildable(row);
        await contentLocks(trx).assertUnlocked(id, 'CONTENT.UPDATE');
        const { address, put, builtAt } = await buildLocked(trx, actor, row, publish, origin);
        const after = (await contentRecords(trx).find(id)) ?? row;
        return {
          content_id: id,
          short_id: address.short_id,
          manifest_url: manifestPath(address.short_id),
          manifest_sha256: put.sha256,
          built_at: builtAt.toISOString(),
          publication: after.publication,
        };
      });
      await prune(id);
      return answer;
    },

    /**
     * `POST /contents/public/{id}`: the spec's publish, with the publication machine's refusals (state, images,
     * locks) as before, and a build in the same transaction, so a vehicle published by any path has a manifest of
     * what it is now (docs/decisions.md, "Publishing").
     */
    async publish(actor: Actor, id: string, origin: string): Promise<ContentAnswer> {
      const caller = await loadCaller(db, actor);
      const answer = await db.transaction().execute(async (trx) => {
        const row = await lockVisible(trx, caller, id);
        const to = publishTarget(row);
        await contentLocks(trx).assertUnlocked(id, 'CONTENT.UPDATE');
        await buildLocked(trx, actor, row, false, origin);
        await setPublicationLocked(trx, row, to);
        return answerOf(trx, id);
      });
      await prune(id);
      return answer;
    },

    /** `POST /contents/create_short_url`: the vehicle's short URL, made once; the domain's option must allow it. */
    async createShortUrl(actor: Actor, id: string, origin: string): Promise<ContentAnswer> {
      const caller = await loadCaller(db, actor);
      return db.transaction().execute(async (trx) => {
        const row = await lockVisibleUndeleted(trx, caller, id);
        if (!readDomainOptions(row.domain_options).short_url) throw new AppError('short_url_disabled');
        await ensureAddress(trx, id, origin);
        return answerOf(trx, id);
      });
    },

    prune,
  };
}
export type BuildService = ReturnType<typeof buildService>;
