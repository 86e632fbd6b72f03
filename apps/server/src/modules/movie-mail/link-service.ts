import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { signedExpiry } from '../../platform/storage/signed-urls.ts';
import { promoFilesOf } from '../movies/contents-movie-url.ts';
import { mediaUrlUntil } from '../vehicle-media/media-urls.ts';
import type { MoviePageState } from './page.ts';
import { type MovieMailListRow, movieMailRepo } from './repo.ts';

/** The path of a buyer's link; the token is its only secret. */
export const MOVIE_LINK_PATH = '/movie';

/** A link's token as the table keeps it. */
export const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The vehicle as the history and the buyer's page name it: maker and car name, else its management id. */
export const contentName = (row: Pick<MovieMailListRow, 'maker' | 'car_name' | 'management_id'>): string =>
  [row.maker, row.car_name].filter((s) => s.trim() !== '').join(' ') || row.management_id;

/** The buyer's side of a movie mail: what its link opens. */
export function movieLinkService(db: Db, now: () => Date = () => new Date()) {
  const repo = movieMailRepo(db);
  return {
    /**
     * What a buyer's link shows: the promo while the link lives (its files signed until the link's expiry at the
     * latest, so the media route stops serving them when the link ends), else why not. Never throws for a bad token.
     */
    async open(token: string): Promise<MoviePageState> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { kind: 'not_found' };
      const mail = await repo.byTokenHash(digest(token));
      if (!mail) return { kind: 'not_found' };
      const at = now();
      const expiresAt = new Date(mail.expires_at);
      if (expiresAt.getTime() <= at.getTime()) return { kind: 'expired', expiresAt };
      const files = await promoFilesOf(db, mail.content_id);
      const content = await repo.contentOf(mail.content_id);
      const state = content?.publication;
      if (!files || !content || state === 'deleted' || state === 'permanently_deleted') {
        return { kind: 'unavailable' };
      }
      const until = Math.min(Math.floor(expiresAt.getTime() / 1000), signedExpiry(at.getTime()));
      return {
        kind: 'playing',
        title: contentName(content),
        video: mediaUrlUntil(files.video, until),
        small: files.small && files.small !== files.video ? mediaUrlUntil(files.small, until) : null,
        poster: files.poster ? mediaUrlUntil(files.poster, until) : null,
        expiresAt,
      };
    },
  };
}

export type MovieLinkService = ReturnType<typeof movieLinkService>;
