import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { linkName } from '../vehicle-media/media-urls.ts';
import { contentsMovieUrl } from './answer.ts';
import { moviesRepo } from './repo.ts';

/** Where the vehicle's contents movie URL points: a link of its own that stays while the vehicle has a promo. */
export const CONTENTS_MOVIE_PATH = '/contents-movie';
const PURPOSE = 'contents-movie';

/**
 * The vehicle's "contents movie URL" (first document, section 3) for its answer, while it has a promo: a permanent
 * link (`/contents-movie/{id}-{name}`) that sends to the promo's current file, signed at that moment. The promo's own
 * signed file URL lasted 30 to 40 minutes, and a dealer pastes this one into a mail or a listing.
 */
export async function contentsMovieUrlOf(db: Db, contentId: string): Promise<string | null> {
  const row = await moviesRepo(db).movie(contentId, 'slider');
  return contentsMovieUrl(row) === null ? null : `${CONTENTS_MOVIE_PATH}/${contentId}-${linkName(PURPOSE, contentId)}`;
}

/**
 * The promo's file a contents movie link opens now (a fresh signed URL), or null for a link not ours, no promo, or a
 * vehicle in the trash or gone (its media are the tenant's only, as the buyer's movie mail link already rules).
 */
export async function contentsMovieTarget(db: Db, token: string): Promise<string | null> {
  const match = /^(\d{1,18})-([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, id, given] = match as unknown as [string, string, string];
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(linkName(PURPOSE, id)))) return null;
  const repo = moviesRepo(db);
  const publication = await repo.publicationOf(id);
  if (publication === undefined || publication === 'deleted' || publication === 'permanently_deleted') return null;
  return contentsMovieUrl(await repo.movie(id, 'slider'));
}

/**
 * The promo's files as kept (blob keys: the 1080p file, else the 720p one; the 720p one for phones; the poster), for
 * the movie mail's link, which signs them until its own expiry; null while the vehicle has no promo.
 */
export async function promoFilesOf(
  db: Db,
  contentId: string,
): Promise<{ video: string; small: string | null; poster: string | null } | null> {
  const row = await moviesRepo(db).movie(contentId, 'slider');
  const video = row?.file_1080_key ?? row?.file_720_key ?? null;
  return video === null ? null : { video, small: row?.file_720_key ?? null, poster: row?.poster_key ?? null };
}
