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
