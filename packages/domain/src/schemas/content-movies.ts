import { z } from 'zod';
import { captionWidth } from '../caption.ts';
import {
  MAX_ZOOM_POINTS_PER_PANORAMA,
  VIDEO_MAX_CATEGORY_IMAGES,
  VIDEO_OPENING_SUBTITLE_MAX_LINES,
  VIDEO_OPENING_TITLE_MAX_LINES,
  VIDEO_TEXT_MAX_CHARS,
} from '../constants.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';
import { mediaImageAnswer } from './media.ts';

/**
 * Content videos (issue 20; first document sections 2 and 4, second document sections 3 and 5): the promo film of a
 * vehicle the server renders from what the vehicle already holds. Readings (docs/decisions.md, "Content videos"):
 * - Three processes, each a movie of its own kept per vehicle: `obvr` (process `obvr_movie`) films the exterior
 *   spin's rows turning, `tour` (`tour_movie`) pans through the interior scenes from each start point to its zoom
 *   points, and `slider` (`slider_movie`) is the promo: the opening (image, title, subtitle), the chosen category
 *   images, the exterior and interior parts, each with its text, over the background music. It is the vehicle's
 *   "contents movie" (its URL on the vehicle, the one mailed to buyers and uploaded to the video site).
 * - One set of wizard settings per vehicle, saved as the dealer goes; a render uses the settings as they stand.
 * - Every output is an H.264/AAC MP4 with faststart, 1080p and 720p, and a poster frame.
 */

export const CONTENT_MOVIE_KINDS = ['slider', 'obvr', 'tour'] as const;
export type ContentMovieKind = (typeof CONTENT_MOVIE_KINDS)[number];

/** The background process (spec section 4) that renders each kind. */
export const CONTENT_MOVIE_PROCESS = {
  slider: 'slider_movie',
  obvr: 'obvr_movie',
  tour: 'tour_movie',
} as const satisfies Record<ContentMovieKind, string>;

/** The parts of the promo, in the order the dealer arranges them (the opening always comes first). */
export const CONTENT_MOVIE_SECTIONS = ['categories', 'exterior', 'interior'] as const;
export type ContentMovieSection = (typeof CONTENT_MOVIE_SECTIONS)[number];

/** The opening image: JPEG or PNG, at most 20 MB (second document, section 5). */
export const OPENING_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const OPENING_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/** Line breaks as typed in any system, made one; spaces at the ends of the text dropped. */
const normalised = (text: string) => text.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim();

/** A one-line text of the video: at most 33 counted characters (full-width 1, half-width 0.5), no line break. */
export const movieText = z
  .string()
  .max(1000)
  .transform(normalised)
  .refine((text) => !text.includes('\n'), ruleIssue('max_lines', 'Write this text on one line.'))
  .refine(
    (text) => captionWidth(text) <= VIDEO_TEXT_MAX_CHARS,
    ruleIssue('max_width', `At most ${VIDEO_TEXT_MAX_CHARS} characters (a half-width character counts 0.5).`),
  );

/** The opening's title (5 lines) or subtitle (4 lines): each line at most 33 counted characters. */
function openingLines(maxLines: number) {
  return z
    .string()
    .max(2000)
    .transform(normalised)
    .refine(
      (text) => text === '' || text.split('\n').length <= maxLines,
      ruleIssue('max_lines', `At most ${maxLines} lines.`),
    )
    .refine(
      (text) => text.split('\n').every((line) => captionWidth(line) <= VIDEO_TEXT_MAX_CHARS),
      ruleIssue(
        'max_width',
        `Each line at most ${VIDEO_TEXT_MAX_CHARS} characters (a half-width character counts 0.5).`,
      ),
    );
}

const yaw = z.number().min(-180).max(180);
const pitch = z.number().min(-90).max(90);

/** A list's bound as its own rule (`max_items`: "too many chosen"), not zod's `max_length` of a text. */
const atMost =
  (max: number) =>
  (items: readonly unknown[]): boolean =>
    items.length <= max;

/** A point the interior pan stops and zooms at, with its short caption. */
export const movieZoomPointSchema = z.strictObject({ yaw, pitch, text: movieText.default('') });
export type MovieZoomPoint = z.output<typeof movieZoomPointSchema>;

/** One interior scene in the video: where its pan starts, and up to 20 zoom points. */
export const movieSceneSchema = z.strictObject({
  scene_id: idSchema,
  start: z.strictObject({ yaw, pitch }),
  zoom_points: z
    .array(movieZoomPointSchema)
    .refine(
      atMost(MAX_ZOOM_POINTS_PER_PANORAMA),
      ruleIssue('max_items', `At most ${MAX_ZOOM_POINTS_PER_PANORAMA} zoom points per panorama.`),
    )
    .default([]),
});
export type MovieScene = z.output<typeof movieSceneSchema>;

/** One category image in the video (a slider image item) and its text. */
export const movieCategoryImageSchema = z.strictObject({ item_id: idSchema, text: movieText.default('') });

function uniqueBy<T>(key: (item: T) => string): (items: readonly T[]) => boolean {
  return (items) => new Set(items.map(key)).size === items.length;
}

/** The wizard's settings (`POST /contents_movie/{content_id}/settings`): saved as the dealer goes. */
export const contentMovieSettingsSchema = z.strictObject({
  opening: z
    .strictObject({
      title: openingLines(VIDEO_OPENING_TITLE_MAX_LINES).default(''),
      subtitle: openingLines(VIDEO_OPENING_SUBTITLE_MAX_LINES).default(''),
    })
    .default({ title: '', subtitle: '' }),
  /** A track of the audio library (the product's or the domain's own); none: the video is silent. */
  music_track_id: idSchema.nullable().default(null),
  /** The parts after the opening, in order; a part left out is not in the video. */
  sections: z
    .array(z.enum(CONTENT_MOVIE_SECTIONS))
    .refine(uniqueBy(String), ruleIssue('no_duplicates', 'Each part at most once.'))
    .default([...CONTENT_MOVIE_SECTIONS]),
  /** In the order shown; at most 5 (second document, section 3). */
  category_images: z
    .array(movieCategoryImageSchema)
    .refine(
      atMost(VIDEO_MAX_CATEGORY_IMAGES),
      ruleIssue('max_items', `At most ${VIDEO_MAX_CATEGORY_IMAGES} category images in a video.`),
    )
    .refine(
      uniqueBy((item: { item_id: string }) => item.item_id),
      ruleIssue('no_duplicates', 'Each image at most once.'),
    )
    .default([]),
  exterior_text: movieText.default(''),
  interior_text: movieText.default(''),
  /** The interior scenes filmed, in order (empty: every scene from its own initial view, no zoom points). */
  scenes: z
    .array(movieSceneSchema)
    .refine(
      uniqueBy((scene: { scene_id: string }) => scene.scene_id),
      ruleIssue('no_duplicates', 'Each scene at most once.'),
    )
    .default([]),
});
export type ContentMovieSettings = z.output<typeof contentMovieSettingsSchema>;
export type ContentMovieSettingsBody = z.input<typeof contentMovieSettingsSchema>;

export const contentMovieParams = z.object({ content_id: idSchema });
export const contentMovieKindParams = z.object({ content_id: idSchema, kind: z.enum(CONTENT_MOVIE_KINDS) });

export const CONTENT_MOVIE_STATUSES = ['none', 'rendering', 'ready', 'failed'] as const;
export type ContentMovieStatus = (typeof CONTENT_MOVIE_STATUSES)[number];

export const contentMovieFileAnswer = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});

/** One kind's movie: its state, live progress while rendering, and its files once ready. */
export const contentMovieAnswer = z.object({
  kind: z.enum(CONTENT_MOVIE_KINDS),
  status: z.enum(CONTENT_MOVIE_STATUSES),
  /** 0..100 while rendering (the process's progress), 100 when ready. */
  progress: z.number().int().min(0).max(100),
  duration_seconds: z.number().nullable(),
  /** 1080p and 720p; empty unless ready. */
  files: z.array(contentMovieFileAnswer),
  poster_url: z.string().nullable(),
  rendered_at: z.iso.datetime({ offset: true }).nullable(),
  /** The settings or the vehicle's media changed since this movie was rendered. */
  stale: z.boolean(),
  /** Why the last render failed, as an error code of the catalogue with its English text. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ContentMovieAnswer = z.output<typeof contentMovieAnswer>;

/** `GET /contents_movie/{content_id}`: the wizard's settings, the opening image and the three movies. */
export const contentMoviesAnswer = z.object({
  settings: contentMovieSettingsSchema,
  opening_image: mediaImageAnswer.nullable(),
  /** The chosen track as the dealer knows it (its title), or null with no music or a track deleted since. */
  music: z.object({ id: idSchema, title: z.string() }).nullable(),
  movies: z.array(contentMovieAnswer),
  limits: z.object({
    text_max_width: z.number(),
    title_max_lines: z.number().int(),
    subtitle_max_lines: z.number().int(),
    category_images_max: z.number().int(),
    zoom_points_max: z.number().int(),
    opening_image_max_bytes: z.number().int(),
  }),
});
export type ContentMoviesAnswer = z.output<typeof contentMoviesAnswer>;
