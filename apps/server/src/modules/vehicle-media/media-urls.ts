import { randomBytes } from 'node:crypto';
import { MEDIA_URL_PREFIX } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { cacheControlFor } from '../../platform/storage/content-addressed.ts';
import type { MediaAccess } from '../../platform/storage/media-routes.ts';
import {
  deriveMediaKeys,
  EXPIRY_PARAM,
  keyedName,
  type MediaKeys,
  SIGNATURE_PARAM,
  signatureQuery,
  signedExpiry,
  signedSecondsLeft,
} from '../../platform/storage/signed-urls.ts';
import { mediaAccessRepo } from './access-repo.ts';

/**
 * Who may load which media file (docs/decisions.md, "Media: who may load which file"):
 * - a vehicle's own files (`contents/<id>/<area>/...`: frames, originals before blur, panoramas, slider, hotspot
 *   files, video backups) only through a signed, expiring URL, which only answers of the signed-in API hand out
 *   (so only users who see the vehicle get one), and never once the vehicle is deleted for good;
 * - its published copies (`contents/<id>/published/...`, named per tenant) to anyone while the vehicle is public,
 *   and while it is a limited publication only with the grant of a buyer who gave its password;
 * - every other file (logos, manuals, design icons) to anyone, as before.
 */

const SECRET_NAME = 'media';

// One set per process: answers make URLs in plain functions far from any request, and every node reads the same
// secret from the database, so a URL made by one node is checked by any other.
let loaded: MediaKeys | null = null;

/** Reads (or makes, on the first start) the shared secret; every process that makes or checks media URLs calls it. */
export async function loadMediaKeys(db: Db): Promise<MediaKeys> {
  loaded = deriveMediaKeys(await mediaAccessRepo(db).secret(SECRET_NAME, randomBytes(32)));
  return loaded;
}

/**
 * A server secret of another purpose (video sharing's sealing key) kept beside the media one in `media_secrets`,
 * made by the first node that asks, so every node of the server holds the same one without configuration.
 */
export const serverSecret = (db: Db, name: string): Promise<Buffer> =>
  mediaAccessRepo(db).secret(name, randomBytes(32));

function mediaKeys(): MediaKeys {
  if (!loaded) throw new Error('Media keys are not loaded: call loadMediaKeys when the process starts');
  return loaded;
}

const VEHICLE_KEY = /^contents\/(\d{1,18})\/(.+)$/;
const PUBLISHED_FOLDER = 'published/';

/** The vehicle a key belongs to and whether it is a published copy; null for files of no vehicle. */
function vehicleOf(key: string): { id: string; published: boolean } | null {
  const match = VEHICLE_KEY.exec(key);
  if (!match) return null;
  return { id: match[1] as string, published: (match[2] as string).startsWith(PUBLISHED_FOLDER) };
}

/**
 * Folders of no vehicle whose files are still served only through a signed URL: the audio library (issue 20), whose
 * URLs only its list hands out, to the domain that sees the track.
 */
const SIGNED_FOLDERS = ['audio-library/'];
const inSignedFolder = (key: string) => SIGNED_FOLDERS.some((folder) => key.startsWith(folder));

const mediaPath = (key: string) => `${MEDIA_URL_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * A vehicle file's URL signed until `expires` (Unix seconds): a movie mail's link hands out URLs that stop at the
 * link's own expiry, so the media route refuses the file once the link has expired (movie-mail/service.ts).
 */
export const mediaUrlUntil = (key: string, expires: number): string =>
  `${mediaPath(key)}?${signatureQuery(mediaKeys(), key, expires)}`;

/** The URL a blob key is served at: signed for a vehicle's own files, plain for everything public. */
export function mediaUrlOf(key: string, nowMs: number = Date.now()): string {
  const path = mediaPath(key);
  const vehicle = vehicleOf(key);
  if (inSignedFolder(key)) return `${path}?${signatureQuery(mediaKeys(), key, signedExpiry(nowMs))}`;
  if (vehicle === null || vehicle.published) return path;
  return `${path}?${signatureQuery(mediaKeys(), key, signedExpiry(nowMs))}`;
}

/**
 * The same signature over something that is no file (an upload session: uploads/session-service.ts), so one
 * secret signs for every node. Its subjects never start with `contents/`: no media URL can be made from one.
 */
export const signSubject = (subject: string, expires: number): string =>
  new URLSearchParams(signatureQuery(mediaKeys(), subject, expires)).get(SIGNATURE_PARAM) ?? '';

/** Seconds a subject's signature has left, or null when it is not ours or has expired. */
export const subjectSecondsLeft = (subject: string, expires: string, signature: string, nowMs: number) =>
  signedSecondsLeft(mediaKeys(), subject, expires, signature, nowMs);

/**
 * The unguessable part of a permanent public link to one record (`purpose` keeps two uses' names apart), from the same
 * secret: a link handed out once works until the record is gone, and nobody can make one from an id.
 */
export const linkName = (purpose: string, id: string): string =>
  keyedName(mediaKeys(), `link ${purpose}`, id).slice(0, 32);

/** The name of a published copy of bytes hashing to `sha256` in tenant `domainId` (no extension). */
export const publishedName = (domainId: string, sha256: string): string => keyedName(mediaKeys(), domainId, sha256);

/**
 * A limited publication's check of the grant its buyer's manifest put in the URL (publishing/media-grant.ts): the
 * seconds it has left, or null. Given by the app, since the grant is the publishing area's.
 */
export type LimitedGrantCheck = (contentId: string, grant: unknown, nowMs: number) => Promise<number | null>;

/** The media route's rule (platform/storage/media-routes.ts), one indexed read of the vehicle per vehicle file. */
export function vehicleMediaAccess(db: Db, limited: { param: string; check: LimitedGrantCheck }): MediaAccess {
  const repo = mediaAccessRepo(db);
  return async (key, query, nowMs) => {
    if (inSignedFolder(key)) {
      const left = signedSecondsLeft(mediaKeys(), key, query[EXPIRY_PARAM], query[SIGNATURE_PARAM], nowMs);
      return left === null ? null : { cacheControl: `private, max-age=${left}` };
    }
    const vehicle = vehicleOf(key);
    // Under contents/ but naming no vehicle we could check: refused rather than taken for a public file.
    if (vehicle === null) return key.startsWith('contents/') ? null : { cacheControl: cacheControlFor(key) };
    if (vehicle.published) {
      // The manifest is read through /v/<id>/manifest.json, which checks the limited publication's password.
      if (key.endsWith('.json')) return null;
      const state = await repo.publicationOf(vehicle.id);
      if (state === 'published') return { cacheControl: cacheControlFor(key) };
      if (state !== 'limited_public') return null;
      const left = await limited.check(vehicle.id, query[limited.param], nowMs);
      // One buyer's URL for a while: never in a shared cache.
      return left === null ? null : { cacheControl: `private, max-age=${left}` };
    }
    const left = signedSecondsLeft(mediaKeys(), key, query[EXPIRY_PARAM], query[SIGNATURE_PARAM], nowMs);
    if (left === null) return null;
    const state = await repo.publicationOf(vehicle.id);
    if (state === undefined || state === 'permanently_deleted') return null;
    // Never in a shared cache: the URL is one user's, for a while.
    return { cacheControl: `private, max-age=${left}` };
  };
}
