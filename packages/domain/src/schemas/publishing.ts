import { z } from 'zod';
import { idSchema } from './common.ts';
import { BASIC_INFO_KEYS, type BasicInfoKey, inspectionData, inspectionMark } from './contents.ts';
import { EXTERIOR_ANGLE_IDS } from './exterior.ts';
import { initialViewSchema, interiorImageAnswer, zoomPointSchema } from './interior.ts';
import { mediaImageAnswer } from './media.ts';
import { publishedExteriorHotspot, publishedInteriorHotspot } from './published-hotspots.ts';
import { SLIDER_CATEGORIES } from './slider.ts';

/**
 * Publishing (issue 10, point 2): the immutable manifest the viewer reads, the build call, the short URL, and the
 * viewer's password gate. Every URL in a manifest is content-addressed under the vehicle's published copy, so a
 * manifest never changes meaning and an edit of the vehicle shows only after the next build.
 */

/**
 * Version of the manifest's shape: a viewer refuses a manifest newer than it knows. Added fields with a default
 * (the hotspots) keep the version: an older manifest still parses, an older viewer ignores them.
 */
export const MANIFEST_VERSION = 1;

/** The short id of a vehicle's public address: 10 characters of base 62 (about 59 bits, never guessed). */
export const SHORT_ID_LENGTH = 10;
export const shortIdSchema = z
  .string()
  .regex(new RegExp(`^[0-9A-Za-z]{${SHORT_ID_LENGTH}}$`), 'A short id is 10 letters or digits.');

/** How long a limited publication's viewer token lasts once the password was right (our choice). */
export const VIEWER_TOKEN_TTL_SECONDS = 30 * 60;
/** Wrong passwords allowed per vehicle and client address within the window, then 429 (our choice). */
export const VIEWER_PASSWORD_MAX_FAILURES = 5;
export const VIEWER_PASSWORD_WINDOW_MS = 15 * 60_000;

export const publishedFrame = z.object({ order: z.number().int(), image: mediaImageAnswer });
export const publishedRow = z.object({
  order: z.number().int(),
  frames: z.array(publishedFrame),
  /** The hotspots placed on this row (published-hotspots.ts); absent in manifests built before they were added. */
  hotspots: z.array(publishedExteriorHotspot).default([]),
});

export const publishedExterior = z.object({
  initial_angle: z.enum(EXTERIOR_ANGLE_IDS),
  /** 1-based, never past the rows there are. */
  initial_row: z.number().int().min(1),
  rows: z.array(publishedRow).min(1),
});

export const publishedScene = z.object({
  id: idSchema,
  order: z.number().int(),
  title: z.string(),
  image: interiorImageAnswer,
  initial_view: initialViewSchema,
  zoom_points: z.array(zoomPointSchema),
  /** The hotspots placed in this scene (published-hotspots.ts); absent in manifests built before they were added. */
  hotspots: z.array(publishedInteriorHotspot).default([]),
});

export const publishedCategoryImage = z.object({
  order: z.number().int(),
  category: z.enum(SLIDER_CATEGORIES),
  caption: z.string(),
  image: mediaImageAnswer,
});

export const publishedVideoLink = z.object({
  order: z.number().int(),
  caption: z.string(),
  video_id: z.string(),
  watch_url: z.string(),
  thumbnail_url: z.string(),
});

const basicInfoValue = z.union([z.string(), z.number(), z.null()]);

export const publishedManifest = z.object({
  version: z.literal(MANIFEST_VERSION),
  short_id: shortIdSchema,
  built_at: z.string(),
  contents_style: z.enum(['car', 'bike']),
  vr_mode: z.boolean(),
  exterior: publishedExterior.nullable(),
  interior: z.object({ scenes: z.array(publishedScene) }).nullable(),
  rider_view: z.array(z.object({ order: z.number().int(), image: mediaImageAnswer })),
  category_images: z.array(publishedCategoryImage),
  video_links: z.array(publishedVideoLink),
  /** Only the fields the dealer chose to show (basic_info_shown), in that order. */
  basic_info: z.array(
    z.object({ key: z.enum(BASIC_INFO_KEYS as [BasicInfoKey, ...BasicInfoKey[]]), value: basicInfoValue }),
  ),
  display: z.object({
    development_view: z.enum(['off', 'inside', 'outside']),
    defects: z.boolean(),
    option: z.boolean(),
  }),
  /** The inspector's input, only when the vehicle shows it. */
  inspection: inspectionData.nullable(),
  /**
   * The inspector's marks for the development view (the damage map), only when the vehicle shows it
   * (`display.development_view` inside or outside), whether or not the rest of the inspection is shown. Absent in
   * manifests built before it.
   */
  damage_map: z.array(inspectionMark).nullable().default(null),
  /** The analytics tag id, only when the vehicle and its domain both turn it on; never a script. */
  analytics_tag: z.string().nullable(),
  /** The domain's options the viewer follows. */
  options: z.object({
    hotspots: z.boolean(),
    exterior_frame_count: z.number().int(),
    splash_seconds: z.number(),
  }),
});
export type PublishedManifest = z.output<typeof publishedManifest>;

/** `POST /api/tourmaker/buildcontents/{id}/`: query and form of the spec (publish 1 also publishes). */
export const buildContentsQuery = z.object({
  preview: z.enum(['0', '1']).optional(),
  redirect_check: z.string().optional(),
  // The console's random cache-buster; any other query value is ignored too.
  _: z.string().optional(),
});
export const buildContentsBody = z
  .object({
    publish: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()]).optional(),
    user: z.string().max(100).optional(),
  })
  .optional();

export const buildContentsAnswer = z.object({
  content_id: idSchema,
  short_id: shortIdSchema,
  manifest_url: z.string().describe('Where the viewer reads the manifest (the current one)'),
  manifest_sha256: z.string(),
  built_at: z.string(),
  publication: z.string(),
});
export type BuildContentsAnswer = z.output<typeof buildContentsAnswer>;

/**
 * The parts of a vehicle a buyer's page is made of, as the dealer's "changes not yet published" names them: the
 * spin's frames, the blur on them, the interior panoramas, the hotspots, the category images, the rider view, the
 * video links, and the details (basic info, inspection, displays and the rest).
 */
export const PENDING_CHANGE_AREAS = [
  'exterior',
  'blur',
  'interior',
  'hotspots',
  'category_images',
  'rider_view',
  'video_links',
  'details',
] as const;
export type PendingChangeArea = (typeof PENDING_CHANGE_AREAS)[number];

/** `GET /contents/pending_changes/{id}`: what the dealer sees and buyers do not yet (empty when nothing). */
export const pendingChangesAnswer = z.object({
  content_id: idSchema,
  /** Whether buyers see a built page of the vehicle (published or limited public, built at least once). */
  published: z.boolean(),
  built_at: z.string().nullable(),
  areas: z.array(z.enum(PENDING_CHANGE_AREAS)),
});
export type PendingChangesAnswer = z.output<typeof pendingChangesAnswer>;

export const createShortUrlBody = z.object({ id: idSchema });

/** `POST /v/{short_id}/access`: the limited publication's password. */
export const viewerAccessBody = z.object({ password: z.string().min(1).max(200) });
export const viewerAccessAnswer = z.object({
  token: z.string(),
  expires_at: z.string(),
});
export type ViewerAccessAnswer = z.output<typeof viewerAccessAnswer>;
export const viewerParams = z.object({ short_id: shortIdSchema });
export const viewerManifestQuery = z.object({ token: z.string().max(500).optional() });
