import { z } from 'zod';
import { isVideoId } from '../media/video-link.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';

/**
 * The video-sharing calls (`/youtube`, second document section 7) and the video-site operations on a vehicle
 * (UPLOAD, UPDATE, DELETE, REORDER). Limits are the spec's (second document, section 6): a video of 256 MB at most,
 * a thumbnail of 2 MB, tags of 500 characters in total; a title as the service takes it (100 characters, no angle
 * brackets), a description of 5,000.
 */

export const VIDEO_SITE_MAX_BYTES = 256 * 1024 * 1024;
export const VIDEO_SITE_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_SITE_TAGS_MAX_CHARS = 500;
export const VIDEO_SITE_TITLE_MAX = 100;
export const VIDEO_SITE_DESCRIPTION_MAX = 5000;

/**
 * Tags counted as the service counts them: the commas between tags count, and a tag with a space counts its two
 * quotes (it is sent quoted).
 */
export function videoTagsLength(tags: readonly string[]): number {
  return (
    tags.reduce((sum, tag) => sum + [...tag].length + (tag.includes(' ') ? 2 : 0), 0) + Math.max(0, tags.length - 1)
  );
}

export const videoSiteAudiences = ['made_for_kids', 'not_made_for_kids'] as const;
export const videoSitePrivacies = ['private', 'unlisted', 'public'] as const;
export const videoSiteSourceKinds = ['content_movie', 'original_video'] as const;
export const videoSiteStatuses = ['pending', 'uploading', 'processing', 'done', 'failed'] as const;

const noAngles = (s: string) => !/[<>]/.test(s);

/** A video's tags: each without < > or commas, 500 characters in total as the service counts them, no repeats. */
const videoSiteTags = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(VIDEO_SITE_TAGS_MAX_CHARS)
      .refine((t) => !/[<>,]/.test(t), ruleIssue('format')),
  )
  .refine(
    (tags) => videoTagsLength(tags) <= VIDEO_SITE_TAGS_MAX_CHARS,
    ruleIssue('max_length', `Tags may have ${VIDEO_SITE_TAGS_MAX_CHARS} characters in total.`),
  )
  .refine((tags) => new Set(tags).size === tags.length, ruleIssue('no_duplicates'));

const videoSiteFields = {
  title: z
    .string()
    .trim()
    .min(1)
    .max(VIDEO_SITE_TITLE_MAX)
    .refine(noAngles, ruleIssue('format', 'A title cannot contain < or >.')),
  description: z
    .string()
    .max(VIDEO_SITE_DESCRIPTION_MAX)
    .refine(noAngles, ruleIssue('format', 'A description cannot contain < or >.'))
    .default(''),
  playlist_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{2,64}$/)
    .nullable()
    .default(null),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
    .nullable()
    .default(null),
  category_id: z
    .string()
    .regex(/^\d{1,4}$/)
    .nullable()
    .default(null),
  tags: videoSiteTags.default([]),
  audience: z.enum(videoSiteAudiences).default('not_made_for_kids'),
  privacy: z.enum(videoSitePrivacies).default('private'),
};

export const videoSiteUploadBody = z.strictObject({
  source_kind: z.enum(videoSiteSourceKinds),
  /** The content movie's kind (slider, obvr, tour) or the original video's id. */
  source_id: z.string().regex(/^[a-z0-9]{1,20}$/),
  ...videoSiteFields,
});
export type VideoSiteUploadBody = z.infer<typeof videoSiteUploadBody>;

export const videoSiteUpdateBody = z.strictObject(videoSiteFields);

/** A video's texts and settings in the form's order: the fields of an upload and an edit, the columns of its row. */
export const VIDEO_SITE_FIELDS = Object.keys(videoSiteFields) as (keyof typeof videoSiteFields)[];
export type VideoSiteUpdateBody = z.infer<typeof videoSiteUpdateBody>;

/** Tags typed as one text, separated by commas (the console's form). */
export function videoTagsOf(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/**
 * The console's upload and edit form: the same fields under the same rules, the tags typed as one comma-separated
 * text and read into the list the calls take (a refusal of the list lands on `tags`).
 */
export const videoSiteFormSchema = z.strictObject({
  ...videoSiteFields,
  tags: z.string().max(10_000).transform(videoTagsOf).pipe(videoSiteTags),
});
export type VideoSiteFormValues = z.input<typeof videoSiteFormSchema>;

export const videoSiteOrderBody = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, ruleIssue('no_duplicates')),
});

export const videoSiteVideoParams = z.object({ id: idSchema, videoId: idSchema });

export const youtubeCallbackBody = z.strictObject({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(512),
});

export const youtubeLanguagesQuery = z.object({
  hl: z
    .string()
    .regex(/^[A-Za-z-]{2,10}$/)
    .default('ja'),
});
export const youtubeCategoriesQuery = youtubeLanguagesQuery.extend({
  region: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('JP'),
});

/** A video id taken from a link (11 letters, digits, `_` or `-`). */
export const videoIdSchema = z
  .string()
  .refine(isVideoId, ruleIssue('format', 'A video id is 11 letters, digits, _ or -.'));

export const youtubeAuthorizeAnswer = z.object({ url: z.string() });

export const youtubeAccountAnswer = z.object({
  connected: z.boolean(),
  site: z.enum(['local', 'youtube']),
  channel: z.object({ id: z.string(), title: z.string(), url: z.string() }).nullable(),
  connected_at: z.string().nullable(),
});
export type YoutubeAccountAnswer = z.infer<typeof youtubeAccountAnswer>;

export const youtubeTokenInfoAnswer = z.object({ scope: z.string(), expires_in: z.number() });

export const youtubeListAnswer = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), item_count: z.number().optional() })),
});
export type YoutubeListAnswer = z.infer<typeof youtubeListAnswer>;

export const videoSiteVideoAnswer = z.object({
  id: z.string(),
  status: z.enum(videoSiteStatuses),
  source_kind: z.enum(videoSiteSourceKinds),
  source_id: z.string().nullable(),
  bytes_total: z.number().nullable(),
  bytes_sent: z.number(),
  video_id: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  playlist_id: z.string().nullable(),
  language: z.string().nullable(),
  category_id: z.string().nullable(),
  tags: z.array(z.string()),
  audience: z.enum(videoSiteAudiences),
  privacy: z.enum(videoSitePrivacies),
  has_thumbnail: z.boolean(),
  position: z.number(),
  /** The service's refusal (uploadLimitExceeded, quotaExceeded, ...): the console shows it as an info message. */
  error_code: z.string().nullable(),
  updated_at: z.string(),
});
export type VideoSiteVideoAnswer = z.infer<typeof videoSiteVideoAnswer>;

export const videoSiteListAnswer = z.object({ items: z.array(videoSiteVideoAnswer) });
