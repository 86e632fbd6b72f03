import type { Db } from '../../db/database.ts';
import { contentsMovieUrl } from './answer.ts';
import { moviesRepo } from './repo.ts';

/**
 * The vehicle's "contents movie URL" (first document, section 3) for its answer: the promo's files as long as it
 * has them (a new render replaces them in one step), signed for the tenant like every file of the vehicle.
 */
export async function contentsMovieUrlOf(db: Db, contentId: string): Promise<string | null> {
  return contentsMovieUrl(await moviesRepo(db).movie(contentId, 'slider'));
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
