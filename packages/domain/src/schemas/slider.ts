import { z } from 'zod';
import { CATEGORY_CAPTION_MAX_WIDTH } from '../constants.ts';
import { CATEGORY_IMAGE_ASPECTS, SLIDER_IMAGE_MAX_BYTES } from '../media/slider-images.ts';
import { aiOptionsAnswer } from './ai-options.ts';
import { idSchema } from './common.ts';
import { mediaImageAnswer } from './media.ts';

/**
 * The slider of a vehicle on the content API (second document, section 7, `/slider`): category images and video
 * links in one order (what the buyer sees beside the 360 views), the original content videos, and a bike's rider
 * view images. Paths are `/slider/{content_id}/...`; every change is checked against the lock rules (locks.ts).
 *
 * Readings (docs/decisions.md, slider):
 * - Categories "from the common parameters": no parameter list exists in the product, so the categories are this
 *   fixed list (labels in the console's four languages, `slider.categories.<id>`).
 * - The category-image template (the image-system user's `is_category_image_template_enabled`, of the vehicle's
 *   owner, offered when the domain's `category_image_template` is on) is the standard shot list
 *   CATEGORY_IMAGE_TEMPLATE: the panel shows one slot per template category, filled or to fill, in that order.
 */

export const SLIDER_CATEGORIES = ['exterior', 'interior', 'engine', 'equipment', 'documents', 'other'] as const;
export type SliderCategory = (typeof SLIDER_CATEGORIES)[number];
export const CATEGORY_IMAGE_TEMPLATE: readonly SliderCategory[] = [
  'exterior',
  'interior',
  'engine',
  'equipment',
  'documents',
];

/** Items a slider may hold, rider view images and original videos a vehicle may have (our bounds). */
export const SLIDER_MAX_ITEMS = 100;
export const RIDER_VIEW_MAX_IMAGES = 50;
export const ORIGINAL_MOVIES_MAX = 10;
/** The spec's cap on a video (256 MB), applied to an original content video. */
export const ORIGINAL_MOVIE_MAX_BYTES = 256 * 1024 * 1024;
/** The sizes every slider and rider view image is kept in (JPEG and WebP); `zoom` is its own size up to 1920. */
export const SLIDER_RENDITION_WIDTHS = { thumbnail: 320, display: 1280, zoom: 1920 } as const;
/** Caption text as typed, before the server removes line breaks and cuts it at width 100. */
export const SLIDER_CAPTION_INPUT_MAX = 1000;

export const sliderParams = z.object({ content_id: idSchema });
export const sliderItemParams = z.object({ content_id: idSchema, item_id: idSchema });
export const sliderMovieParams = z.object({ content_id: idSchema, movie_id: idSchema });
export const riderViewImageParams = z.object({ content_id: idSchema, image_id: idSchema });

const captionInput = z
  .string()
  .max(SLIDER_CAPTION_INPUT_MAX)
  .describe(`Line breaks are removed and the text cut at width ${CATEGORY_CAPTION_MAX_WIDTH} (full-width 1, half 0.5)`);

/** The text fields sent with a category image (multipart/form-data, beside the file). */
export const sliderImageFields = z.object({
  category: z.enum(SLIDER_CATEGORIES),
  caption: captionInput.default(''),
});
export type SliderImageFields = z.input<typeof sliderImageFields>;

export const videoLinkBody = z.object({
  url: z.string().max(2048).describe('A video-sharing link (watch, youtu.be, embed, shorts) or the 11-character id'),
  caption: captionInput.optional(),
});
export type VideoLinkBody = z.input<typeof videoLinkBody>;

export const sliderItemUpdateBody = z
  .object({ caption: captionInput.optional(), category: z.enum(SLIDER_CATEGORIES).optional() })
  .strict();
export type SliderItemUpdateBody = z.input<typeof sliderItemUpdateBody>;

/** A new order: every item's id once, in the order wanted. */
export const mediaOrderBody = z.object({ ids: z.array(idSchema).min(1).max(500) });
export type MediaOrderBody = z.input<typeof mediaOrderBody>;

export const sliderImageItem = z.object({
  kind: z.literal('image'),
  id: idSchema,
  order: z.number().int().describe('0-based place in the slider'),
  category: z.enum(SLIDER_CATEGORIES),
  caption: z.string(),
  image: mediaImageAnswer,
});
export const sliderVideoLinkItem = z.object({
  kind: z.literal('video_link'),
  id: idSchema,
  order: z.number().int(),
  caption: z.string(),
  video_id: z.string(),
  watch_url: z.string(),
  thumbnail_url: z.string().describe("The sharing site's still of the video (the server never fetches it)"),
});
export const sliderItemAnswer = z.discriminatedUnion('kind', [sliderImageItem, sliderVideoLinkItem]);
export type SliderItemAnswer = z.output<typeof sliderItemAnswer>;

export const sliderConfigAnswer = z.object({
  categories: z.array(z.enum(SLIDER_CATEGORIES)),
  /** The template's categories as slots, or null when the option is off for this vehicle. */
  template: z.array(z.enum(SLIDER_CATEGORIES)).nullable(),
  caption_max_width: z.number(),
  max_bytes: z.number().int(),
  max_items: z.number().int(),
  aspects: z.array(z.object({ id: z.string(), examples: z.array(z.string()) })),
});
export type SliderConfigAnswer = z.output<typeof sliderConfigAnswer>;

export const sliderAnswer = z.object({
  items: z.array(sliderItemAnswer),
  config: sliderConfigAnswer,
  /** Which AI options the console offers on the category images (their automatic generation). */
  ai_options: aiOptionsAnswer,
});
export type SliderAnswer = z.output<typeof sliderAnswer>;

export const originalMovieAnswer = z.object({
  id: idSchema,
  order: z.number().int(),
  file_name: z.string().nullable().describe('As uploaded, for people'),
  url: z.string().describe('The stored MP4'),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  duration_seconds: z.number(),
  poster: mediaImageAnswer.describe('A still of the video'),
});
export type OriginalMovieAnswer = z.output<typeof originalMovieAnswer>;
export const originalMoviesAnswer = z.object({
  items: z.array(originalMovieAnswer),
  max_bytes: z.number().int(),
  max_items: z.number().int(),
});
export type OriginalMoviesAnswer = z.output<typeof originalMoviesAnswer>;

export const riderViewImageAnswer = z.object({ id: idSchema, order: z.number().int(), image: mediaImageAnswer });
export type RiderViewImageAnswer = z.output<typeof riderViewImageAnswer>;
export const riderViewAnswer = z.object({
  items: z.array(riderViewImageAnswer),
  max_bytes: z.number().int(),
  max_items: z.number().int(),
});
export type RiderViewAnswer = z.output<typeof riderViewAnswer>;

/** The config part every slider answer carries (the template decided per vehicle). */
export function sliderConfig(templateEnabled: boolean): SliderConfigAnswer {
  return {
    categories: [...SLIDER_CATEGORIES],
    template: templateEnabled ? [...CATEGORY_IMAGE_TEMPLATE] : null,
    caption_max_width: CATEGORY_CAPTION_MAX_WIDTH,
    max_bytes: SLIDER_IMAGE_MAX_BYTES,
    max_items: SLIDER_MAX_ITEMS,
    aspects: CATEGORY_IMAGE_ASPECTS.map((a) => ({ id: a.id, examples: [...a.examples] })),
  };
}

/** Whether `ids` names each of `current` exactly once (a new order must). */
export function isPermutationOf(ids: readonly string[], current: readonly string[]): boolean {
  if (ids.length !== current.length) return false;
  const wanted = new Set(ids);
  return wanted.size === ids.length && current.every((id) => wanted.has(id));
}

/**
 * One sound stream of an original video as uploaded (second document, section 7: "original-movie audio track
 * list", shape not shown). The stored MP4 keeps the first one (`played`), made AAC; the others are listed so the
 * dealer knows what the file held.
 */
export const audioTrackAnswer = z.object({
  index: z.number().int().describe('Its place among the sound streams, from 0'),
  codec: z.string().describe("ffprobe's codec name: aac, mp3, ac3, pcm_s16le..."),
  language: z.string().nullable().describe('ISO 639-2 tag as the file gives it (jpn, eng); null when untagged'),
  channels: z.number().int().nullable(),
  sample_rate: z.number().int().nullable().describe('Hz'),
  duration_seconds: z.number().nullable(),
  played: z.boolean().describe('The track the stored video plays'),
});
export type AudioTrackAnswer = z.output<typeof audioTrackAnswer>;

/** `GET /slider/{content_id}/movies/{movie_id}/audio-tracks`: empty when the video has no sound. */
export const audioTracksAnswer = z.object({
  movie_id: idSchema,
  source: z
    .enum(['upload', 'stored'])
    .describe('upload: read from the file as uploaded; stored: read from the kept MP4 (a video uploaded before)'),
  tracks: z.array(audioTrackAnswer),
});
export type AudioTracksAnswer = z.output<typeof audioTracksAnswer>;

/**
 * `POST /slider/{content_id}/auto-generate` (second document, section 7, "slider auto-generate"): category images
 * picked from the spin (`exterior_autogenerate_category_images`) or the interior
 * (`interior_autogenerate_category_images`), added to the slider as ordinary items the dealer edits before publishing.
 * Needs the vehicle's automatic category images (the domain's `ai_category_image_autogeneration` and its owner's).
 */
export const sliderAutoGenerateBody = z.strictObject({ source: z.enum(['exterior', 'interior']) });
export type SliderAutoGenerateBody = z.output<typeof sliderAutoGenerateBody>;
