import { z } from 'zod';
import { idSchema } from './common.ts';
import { pageOf, pageQuery } from './lists.ts';

/**
 * Backups of the original exterior videos (first document: "exterior video backups", the domain option "exterior
 * movie backup period (indefinite or N days)"; second document, section 7: `GET /exterior_movie_backup/report`;
 * the console's `/statistic/movie-backup-exteriors`, master only).
 *
 * Every walk-around video turned into a spin is kept as uploaded, with its size and duration, until the domain's
 * retention runs out (`expires_at`; null = kept indefinitely); a daily job then deletes the file and marks the
 * backup `purged`.
 */

/** Where a backup stands: the file is kept (`kept`), or it was deleted by the purge (`purged`). */
export const MOVIE_BACKUP_STATES = ['kept', 'purged'] as const;
export type MovieBackupState = (typeof MOVIE_BACKUP_STATES)[number];

/** `GET /exterior_movie_backup/report`: a page of backups, newest first; master may narrow to a domain or a state. */
export const movieBackupReportQuery = pageQuery.extend({
  domain_id: idSchema.optional().describe('Only the backups of this domain'),
  state: z.enum(MOVIE_BACKUP_STATES).optional().describe('Only the kept, or only the purged backups'),
});
export type MovieBackupReportQuery = z.output<typeof movieBackupReportQuery>;
export type MovieBackupReportParams = z.input<typeof movieBackupReportQuery>;

/** One backup as the report shows it: the vehicle, its company and domain, the file's facts, and its retention. */
export const movieBackupAnswer = z.object({
  id: idSchema,
  content_id: idSchema,
  management_id: z.string().describe("The vehicle's management ID"),
  car_name: z.string(),
  maker: z.string(),
  company_id: idSchema.nullable(),
  company_name: z.string().nullable().describe("The vehicle's company; null when it has none"),
  domain_id: idSchema,
  domain_host: z.string(),
  domain_name: z.string().describe("The domain's service name"),
  file_name: z.string().nullable().describe('The name the video was uploaded under'),
  size: z.number().int().describe('Bytes'),
  duration_seconds: z.number(),
  created_at: z.string().describe('When the backup was made (the spin was made)'),
  expires_at: z.string().nullable().describe('When the purge deletes it; null = kept indefinitely'),
  purged_at: z.string().nullable().describe('When the purge deleted it'),
  state: z.enum(MOVIE_BACKUP_STATES),
});
export type MovieBackupAnswer = z.output<typeof movieBackupAnswer>;

/** The report's page, with the total bytes still kept by the backups the query matches. */
export const movieBackupReportAnswer = pageOf(movieBackupAnswer).extend({
  kept_bytes: z.number().int().describe('Bytes of the matching backups not yet purged'),
});
export type MovieBackupReportAnswer = z.output<typeof movieBackupReportAnswer>;

/**
 * `GET /exteriormovie_url?contentsID=N` (second document, section 7, "Other content resources"): the spec's own
 * name of the query parameter is kept, as its clients send it.
 */
export const exteriorMovieUrlQuery = z.object({ contentsID: idSchema.describe('The vehicle') });
export type ExteriorMovieUrlQuery = z.output<typeof exteriorMovieUrlQuery>;

/** One kept original walk-around video of the vehicle, with a signed URL that loads it until `url_expires_at`. */
export const exteriorMovieAnswer = z.object({
  id: idSchema,
  file_name: z.string().nullable().describe('The name the video was uploaded under'),
  size: z.number().int().describe('Bytes'),
  duration_seconds: z.number(),
  created_at: z.string().describe('When the spin was made from it'),
  expires_at: z.string().nullable().describe('When the purge deletes it; null = kept indefinitely'),
  url: z.string().describe('Signed, expiring URL of the video (metadata stripped), for this user only'),
});
/** The vehicle's kept original videos, newest first; 404 when none is kept (never uploaded, or purged). */
export const exteriorMovieUrlAnswer = z.object({
  content_id: idSchema,
  url_expires_at: z.string().describe('When the signed URLs stop loading: ask again after'),
  movies: z.array(exteriorMovieAnswer).min(1),
});
export type ExteriorMovieUrlAnswer = z.output<typeof exteriorMovieUrlAnswer>;
