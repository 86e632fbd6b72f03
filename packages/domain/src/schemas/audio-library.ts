import { z } from 'zod';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';
import { pageQuery, searchText } from './lists.ts';

/**
 * The audio library (issue 20 point 3; first document section 2, "Audio library: search by title, genre, mood and
 * tempo; columns title, genre, mood, tempo, duration"; second document section 5, "Background music: mp3, m4a or
 * wav, up to 20MB and 120 seconds"). Readings (docs/decisions.md, "Content videos: audio library"):
 * - Two sources: the product's own tracks (`library`), composed and rendered by the server itself on first use and
 *   shown to every domain, and a domain's own uploads (`upload`), shown to that domain only.
 * - Genre and mood are codes the console translates; a title is a name and stays as written.
 * - Every track plays through a signed, expiring media URL that only this list hands out.
 */

export const AUDIO_GENRES = [
  'pop',
  'rock',
  'jazz',
  'ambient',
  'electronic',
  'acoustic',
  'corporate',
  'cinematic',
] as const;
export type AudioGenre = (typeof AUDIO_GENRES)[number];

export const AUDIO_MOODS = ['bright', 'calm', 'driving', 'elegant', 'uplifting', 'relaxed'] as const;
export type AudioMood = (typeof AUDIO_MOODS)[number];

export const AUDIO_TRACK_SOURCES = ['library', 'upload'] as const;
export type AudioTrackSource = (typeof AUDIO_TRACK_SOURCES)[number];

/** Background music as uploaded: at most 20 MB and 120 s (second document, section 5). */
export const AUDIO_TRACK_MAX_BYTES = 20 * 1024 * 1024;
export const AUDIO_TRACK_MAX_SECONDS = 120;
/** Tempo as a dealer may state it, in beats per minute. */
export const AUDIO_TEMPO_MIN = 30;
export const AUDIO_TEMPO_MAX = 300;
export const AUDIO_TITLE_MAX = 100;

const tempo = z.coerce
  .number()
  .int()
  .min(AUDIO_TEMPO_MIN, ruleIssue('range', `From ${AUDIO_TEMPO_MIN} to ${AUDIO_TEMPO_MAX} BPM.`))
  .max(AUDIO_TEMPO_MAX, ruleIssue('range', `From ${AUDIO_TEMPO_MIN} to ${AUDIO_TEMPO_MAX} BPM.`));

/** An empty form field is "not given", not a zero. */
const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `GET /audio-library`: every filter optional; tempo is a range, both ends included. */
export const audioLibraryQuery = pageQuery
  .extend({
    q: searchText.default(''),
    genre: z.preprocess(blankIsAbsent, z.enum(AUDIO_GENRES).optional()),
    mood: z.preprocess(blankIsAbsent, z.enum(AUDIO_MOODS).optional()),
    source: z.preprocess(blankIsAbsent, z.enum(AUDIO_TRACK_SOURCES).optional()),
    tempo_min: z.preprocess(blankIsAbsent, tempo.optional()),
    tempo_max: z.preprocess(blankIsAbsent, tempo.optional()),
  })
  .refine((q) => q.tempo_min === undefined || q.tempo_max === undefined || q.tempo_min <= q.tempo_max, {
    ...ruleIssue('range', 'The slowest tempo must not be above the fastest.'),
    path: ['tempo_max'],
  });
export type AudioLibraryQuery = z.output<typeof audioLibraryQuery>;

/** The text fields of `POST /audio-library` (multipart, with the file in `file`). */
export const audioTrackUploadFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, ruleIssue('required'))
    .max(AUDIO_TITLE_MAX, ruleIssue('max_length', `At most ${AUDIO_TITLE_MAX} characters.`)),
  genre: z.preprocess(blankIsAbsent, z.enum(AUDIO_GENRES).optional()),
  mood: z.preprocess(blankIsAbsent, z.enum(AUDIO_MOODS).optional()),
  tempo: z.preprocess(blankIsAbsent, tempo.optional()),
});
export type AudioTrackUploadFields = z.output<typeof audioTrackUploadFields>;

export const audioTrackParams = z.object({ id: idSchema });

export const libraryTrackAnswer = z.object({
  id: z.string(),
  source: z.enum(AUDIO_TRACK_SOURCES),
  title: z.string(),
  /** A code of AUDIO_GENRES, or '' when an upload gave none. */
  genre: z.string(),
  mood: z.string(),
  tempo_bpm: z.number().nullable(),
  duration_seconds: z.number(),
  /** `m4a` or `mp3`: what the URL serves. */
  format: z.string(),
  bytes: z.number(),
  /** Signed and expiring: plays in an <audio> element for a while. */
  url: z.string(),
  created_at: z.string(),
  /** The caller may delete it (the domain's own upload, and the caller's own or a head of the domain). */
  can_delete: z.boolean(),
});
export type LibraryTrackAnswer = z.output<typeof libraryTrackAnswer>;

export const audioLibraryAnswer = z.object({
  items: z.array(libraryTrackAnswer),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** The product's library as it is being made on first use: `ready` of `total` tracks exist. */
  library: z.object({ total: z.number(), ready: z.number() }),
});
export type AudioLibraryAnswer = z.output<typeof audioLibraryAnswer>;
