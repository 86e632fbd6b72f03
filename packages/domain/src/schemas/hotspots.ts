import { z } from 'zod';
import { DEFAULT_DAMAGE_COLOUR, DEFAULT_UI_LOCALE, HOTSPOT_ICON_ID, UI_LOCALES } from '../constants.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';
import { mediaImageAnswer } from './media.ts';

/**
 * Hotspots (annotations) on the content API (first document, section 3 "Annotation"; second document, sections 5
 * and 7: "/exterior ... get/add/update/remove hotspots, update coordinates", "/interior ... hotspot routes",
 * "/hotspot"). Readings (docs/decisions.md, "Hotspots"):
 * - Title and body are plain text, kept exactly as sent and answered exactly so: they are never HTML, the viewer
 *   and the console write them as text. Markup in them is inert text, not refused and not rewritten.
 * - The only link a hotspot holds is a video-sharing link, kept as its 11-character id (media/video-link.ts):
 *   anything else (`javascript:`, other sites) is refused naming `video_url`.
 * - `auto_detect` hotspots are made by automatic detection, never through these routes; the domain's
 *   `max_manual_hotspots` bounds the others, exterior and interior together, per vehicle.
 * - A 360 close-up opens another row of the vehicle's exterior (`closeup_group_id`, typically a temp row shot
 *   around the detail).
 */

export const HOTSPOT_TYPES = [
  'image',
  'video_link',
  'closeup_360',
  'audio',
  'video',
  'inspector',
  'auto_detect',
] as const;
export type HotspotType = (typeof HOTSPOT_TYPES)[number];
/** What the manual routes may create (auto_detect is the detection's). */
export const MANUAL_HOTSPOT_TYPES = HOTSPOT_TYPES.filter((t) => t !== 'auto_detect');
export const HOTSPOT_ICON_TYPES = ['standard', 'sound', 'movie'] as const;
export const HOTSPOT_CATEGORIES = ['feature', 'equipment', 'damage', 'inspection', 'other'] as const;
export const DAMAGE_TYPES = ['scratch', 'dent', 'crack', 'rust', 'paint', 'stain', 'missing_part', 'other'] as const;
export const HOTSPOT_FILE_KINDS = ['image', 'audio', 'video', 'icon'] as const;
/** A hotspot video's copy for browsers: none needed, being made, made, or impossible (the file is shown for download). */
export const VIDEO_CONVERSION_STATES = ['none', 'pending', 'ready', 'failed'] as const;
export type HotspotFileKind = (typeof HOTSPOT_FILE_KINDS)[number];

/** Text bounds (ours; the spec gives none) and the file rules of the second document, section 5. */
export const HOTSPOT_LIMITS = {
  titleMax: 100,
  bodyMax: 2000,
  damagePositionMax: 100,
  maxKeyFrames: 36,
  imageMaxBytes: 5 * 1024 * 1024,
  audioMaxBytes: 5 * 1024 * 1024,
  audioMaxSeconds: 120,
  /** The default of the configurable annotation video bound. */
  videoMaxBytes: 50 * 1024 * 1024,
  /** A custom icon: best 80x80; ours: a PNG of at most 1 MB and 1024 px a side, kept within 160x160 (2x). */
  iconMaxBytes: 1024 * 1024,
  iconMaxSide: 1024,
  iconBestSide: 80,
  iconStoredSide: 160,
} as const;

export const hotspotListParams = z.object({ content_id: idSchema });
export const hotspotParams = z.object({ content_id: idSchema, hotspot_id: idSchema });
export const hotspotFileParams = hotspotParams.extend({ kind: z.enum(HOTSPOT_FILE_KINDS) });

const fraction = z.number().min(0, ruleIssue('range', 'From 0 to 1.')).max(1, ruleIssue('range', 'From 0 to 1.'));
export const hotspotKeyFrameSchema = z.strictObject({
  frame: z.number().int().min(0).max(359),
  x: fraction,
  y: fraction,
});

export const exteriorPlacementSchema = z.strictObject({
  group_id: idSchema,
  key_frames: z.array(hotspotKeyFrameSchema).min(1).max(HOTSPOT_LIMITS.maxKeyFrames),
});
export type ExteriorPlacement = z.output<typeof exteriorPlacementSchema>;

export const interiorPlacementSchema = z.strictObject({
  scene_id: idSchema,
  yaw: z.number().min(-180).max(180),
  pitch: z.number().min(-90).max(90),
});
export type InteriorPlacement = z.output<typeof interiorPlacementSchema>;

/** A control character (line breaks and tabs allowed where `lines`): never part of text people type. */
function hasControl(text: string, lines: boolean): boolean {
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (lines && (c === 9 || c === 10 || c === 13)) continue;
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

const title = z
  .string()
  .min(1, ruleIssue('required', 'Enter a title.'))
  .max(HOTSPOT_LIMITS.titleMax, ruleIssue('max_length', `At most ${HOTSPOT_LIMITS.titleMax} characters.`))
  .refine((v) => v.trim() !== '', ruleIssue('required', 'Enter a title.'))
  .refine((v) => !hasControl(v, false), ruleIssue('format', 'A title is one line of text.'));
const body = z
  .string()
  .max(HOTSPOT_LIMITS.bodyMax, ruleIssue('max_length', `At most ${HOTSPOT_LIMITS.bodyMax} characters.`))
  .refine((v) => !hasControl(v, true), ruleIssue('format', 'Plain text only.'));
export const DAMAGE_COLOUR_PATTERN = /^(#[0-9a-fA-F]{6}|white|black|red|orange|yellow|green|blue|purple|gray)$/;
const colour = z
  .string()
  .regex(DAMAGE_COLOUR_PATTERN, ruleIssue('format', 'A colour name (white, red, ...) or #RRGGBB.'));

/** The fields of a hotspot that are not its place (shared by add and update). */
const hotspotFields = {
  type: z.enum(MANUAL_HOTSPOT_TYPES),
  icon_type: z.enum(HOTSPOT_ICON_TYPES),
  title,
  body,
  category: z.enum(HOTSPOT_CATEGORIES),
  damage_type: z.enum(DAMAGE_TYPES).nullable(),
  damage_position: z.string().max(HOTSPOT_LIMITS.damagePositionMax).nullable(),
  damage_colour: colour,
  video_url: z.string().max(2048).nullable().describe('type video_link: a video-sharing link or its 11-character id'),
  closeup_group_id: idSchema.nullable().describe('type closeup_360: the exterior row it opens'),
};

const addDefaults = {
  icon_type: hotspotFields.icon_type.default('standard'),
  body: hotspotFields.body.default(''),
  category: hotspotFields.category.default('feature'),
  damage_type: hotspotFields.damage_type.default(null),
  damage_position: hotspotFields.damage_position.default(null),
  damage_colour: hotspotFields.damage_colour.default(DEFAULT_DAMAGE_COLOUR),
  video_url: hotspotFields.video_url.default(null),
  closeup_group_id: hotspotFields.closeup_group_id.default(null),
};

export const exteriorHotspotAddBody = z.strictObject({
  ...hotspotFields,
  ...addDefaults,
  placement: exteriorPlacementSchema,
});
export type ExteriorHotspotAddBody = z.input<typeof exteriorHotspotAddBody>;
export const interiorHotspotAddBody = z.strictObject({
  ...hotspotFields,
  ...addDefaults,
  placement: interiorPlacementSchema,
});
export type InteriorHotspotAddBody = z.input<typeof interiorHotspotAddBody>;
export type HotspotAddBody = z.output<typeof exteriorHotspotAddBody> | z.output<typeof interiorHotspotAddBody>;

/** Any of the fields, the others kept. */
export const hotspotUpdateBody = z.strictObject(hotspotFields).partial();
export type HotspotUpdateBody = z.output<typeof hotspotUpdateBody>;
export type HotspotFieldValues = Required<HotspotUpdateBody>;

export const exteriorCoordinatesBody = exteriorPlacementSchema;
export const interiorCoordinatesBody = interiorPlacementSchema;

const fileAnswer = z.object({ url: z.string(), bytes: z.number().int() });
const timedFileAnswer = fileAnswer.extend({ duration_seconds: z.number(), format: z.string() });

export const hotspotAnswer = z.object({
  id: idSchema,
  kind: z.enum(['exterior', 'interior']),
  exterior: z
    .object({
      group_id: idSchema,
      key_frames: z.array(hotspotKeyFrameSchema),
      frames: z.array(z.number().int()).describe('The frames of the row on which the hotspot is visible'),
    })
    .nullable(),
  interior: z.object({ scene_id: idSchema, yaw: z.number(), pitch: z.number() }).nullable(),
  type: z.enum(HOTSPOT_TYPES),
  icon_type: z.enum(HOTSPOT_ICON_TYPES),
  icon_id: z.number().int().describe(`The standard icon (default ${HOTSPOT_ICON_ID}) when there is no custom icon`),
  custom_icon: fileAnswer.extend({ width: z.number().int(), height: z.number().int() }).nullable(),
  title: z.string(),
  body: z.string(),
  category: z.enum(HOTSPOT_CATEGORIES),
  damage_type: z.enum(DAMAGE_TYPES).nullable(),
  damage_position: z.string().nullable(),
  damage_colour: z.string(),
  video: z.object({ video_id: z.string(), watch_url: z.string(), thumbnail_url: z.string() }).nullable(),
  closeup_group_id: idSchema.nullable(),
  proposed: z
    .boolean()
    .describe('Proposed by automatic annotation and not yet accepted: shown in the editor, never published'),
  image: mediaImageAnswer.nullable(),
  audio: timedFileAnswer.nullable(),
  movie: timedFileAnswer
    .extend({
      width: z.number().int(),
      height: z.number().int(),
      conversion: z
        .enum(VIDEO_CONVERSION_STATES)
        .describe('none: browsers play it as uploaded; else the MP4 made for browsers (WMV, AVI, not H.264)'),
      playable_url: z.string().nullable().describe('What a browser plays: the video, or its MP4 once ready'),
    })
    .nullable(),
});
export type HotspotAnswer = z.output<typeof hotspotAnswer>;

export const hotspotListAnswer = z.object({
  items: z.array(hotspotAnswer),
  manual_count: z.number().int().describe("The vehicle's manual hotspots, exterior and interior"),
  max_manual: z.number().int().describe("The domain's maximum per vehicle"),
});
export type HotspotListAnswer = z.output<typeof hotspotListAnswer>;

/**
 * Accept or reject automatic annotation's proposals (`.../hotspots/proposals/accept`, `.../reject`): the ones named,
 * or every proposal of the area when `ids` is left out. An accepted proposal is an ordinary hotspot from then on
 * (published with the others, editable); a rejected one is deleted. Answers the area's list.
 */
export const hotspotProposalsBody = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1, ruleIssue('required', 'Name at least one proposal, or leave ids out for all of them.'))
    .max(500, ruleIssue('max_items', 'At most 500 at once.'))
    .optional(),
});
export type HotspotProposalsBody = z.input<typeof hotspotProposalsBody>;

/**
 * `POST /exterior/{id}/autodetect?group_id=`: automatic annotation on one spin row (its proposals replaced, the other
 * rows' kept); without group_id, and on `.../autodetect-all`, every spin row.
 */
export const exteriorAutodetectQuery = z.object({
  group_id: idSchema.optional().describe('One spin row; every spin row when left out'),
  lang: z
    .enum(UI_LOCALES)
    .default(DEFAULT_UI_LOCALE)
    .describe("The language of the proposals' titles (the dealer's console language; ja when left out)"),
});
export const exteriorAutodetectAllQuery = exteriorAutodetectQuery.pick({ lang: true });
