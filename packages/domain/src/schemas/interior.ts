import { z } from 'zod';
import { MAX_ZOOM_POINTS_PER_PANORAMA } from '../constants.ts';
import {
  INTERIOR_FULL_MAX,
  INTERIOR_MAX_SCENES,
  INTERIOR_MIN,
  INTERIOR_TITLE_MAX,
  INTERIOR_ZOOM_LABEL_MAX,
  isTwoToOne,
} from '../media/interior-rules.ts';
import { aiOptionsAnswer } from './ai-options.ts';
import { idSchema } from './common.ts';
import { processAnswer } from './contents.ts';
import { ruleIssue } from './field-errors.ts';
import { mediaImageAnswer } from './media.ts';

/**
 * Interior panoramas on the content API (second document, section 7: /interior create, add, delete, scene delete,
 * GET and POST enhance with flags and levels, POST adjust; POST /multipanorama/order). A vehicle has up to 20
 * scenes, each an equirectangular 2:1 panorama kept as uploaded (`original`) beside its enhanced or white-balanced
 * picture (`current`), cut into Photo Sphere Viewer's equirectangular tiles. Every edit is checked against the lock
 * rules (locks.ts) and refused with `content_locked` naming the process.
 */

export const interiorParams = z.object({ content_id: idSchema });
export const interiorSceneParams = z.object({ content_id: idSchema, scene_id: idSchema });

/** The tile grid of the full-size picture: `urls[row * cols + col]` is the tile at (col, row). */
export const interiorTilesAnswer = z.object({
  width: z.number().int().describe('Width of the tiled panorama (its height is half)'),
  cols: z.number().int().describe('A power of two'),
  rows: z.number().int().describe('A power of two, half the columns'),
  tile_width: z.number().int(),
  urls: z.array(z.string()).describe('Tile JPEG URLs, row by row from the top-left'),
});
export type InteriorTilesAnswer = z.output<typeof interiorTilesAnswer>;

export const interiorImageAnswer = mediaImageAnswer.extend({
  master: z.string().describe('URL of the full-size JPEG'),
  tiles: interiorTilesAnswer.nullable(),
});
export type InteriorImageAnswer = z.output<typeof interiorImageAnswer>;

/** Where the viewer opens: yaw -180..180 and pitch -90..90 in degrees, zoom 0..100 (Photo Sphere Viewer's). */
export const initialViewSchema = z.strictObject({
  yaw: z.number().min(-180).max(180),
  pitch: z.number().min(-90).max(90),
  zoom: z.number().min(0).max(100),
});
export type InitialView = z.output<typeof initialViewSchema>;

const labelSchema = z
  .string()
  .trim()
  .min(1, ruleIssue('required', 'Enter a label.'))
  .max(INTERIOR_ZOOM_LABEL_MAX, ruleIssue('max_length', `At most ${INTERIOR_ZOOM_LABEL_MAX} characters.`));

/** A point of interest the viewer can zoom to. */
export const zoomPointSchema = z.strictObject({
  yaw: z.number().min(-180).max(180),
  pitch: z.number().min(-90).max(90),
  label: labelSchema,
});
export type ZoomPoint = z.output<typeof zoomPointSchema>;

/** Levels 0..100 of the image-quality tool. */
const level = z.number().int().min(0).max(100);

/**
 * The image-quality tool's settings (`POST .../enhance`): a flag and a level per correction, the JPEG quality of the
 * result, and optionally its size (2:1 within a pixel, 512 to 8192 wide). Without a size, super resolution doubles
 * the width (at most 8192); otherwise the picture keeps its size.
 */
export const enhanceSettingsSchema = z
  .strictObject({
    shadow_highlight: z.boolean(),
    shadow_highlight_level: level,
    tone_curve: z.boolean(),
    tone_curve_level: level,
    saturation: z.boolean(),
    saturation_level: level,
    sharpness: z.boolean(),
    sharpness_level: level,
    super_resolution: z.boolean(),
    super_resolution_level: level,
    jpeg_quality: z.number().int().min(1).max(100),
    resized_width: z.number().int().min(INTERIOR_MIN.width).max(INTERIOR_FULL_MAX.width).nullable(),
    resized_height: z.number().int().min(INTERIOR_MIN.height).max(INTERIOR_FULL_MAX.height).nullable(),
  })
  .superRefine((value, ctx) => {
    const { resized_width: w, resized_height: h } = value;
    if ((w === null) !== (h === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [w === null ? 'resized_width' : 'resized_height'],
        message: 'Give both the width and the height, or neither.',
        params: { rule: 'requires' },
      });
    } else if (w !== null && h !== null && !isTwoToOne(w, h)) {
      ctx.addIssue({
        code: 'custom',
        path: ['resized_height'],
        message: 'The height must be half the width (2:1).',
        params: { rule: 'format' },
      });
    }
  });
export type EnhanceSettings = z.output<typeof enhanceSettingsSchema>;

/** The settings the tool opens with: every correction off, quality 90, the size kept. */
export const DEFAULT_ENHANCE_SETTINGS: EnhanceSettings = {
  shadow_highlight: false,
  shadow_highlight_level: 50,
  tone_curve: false,
  tone_curve_level: 50,
  saturation: false,
  saturation_level: 30,
  sharpness: false,
  sharpness_level: 40,
  super_resolution: false,
  super_resolution_level: 50,
  jpeg_quality: 90,
  resized_width: null,
  resized_height: null,
};

/** Whether settings change any pixel (all corrections off and the size kept: nothing to do but re-encode). */
export function enhanceChangesPixels(s: EnhanceSettings): boolean {
  return (
    (s.shadow_highlight && s.shadow_highlight_level > 0) ||
    (s.tone_curve && s.tone_curve_level > 0) ||
    (s.saturation && s.saturation_level > 0) ||
    (s.sharpness && s.sharpness_level > 0) ||
    s.super_resolution ||
    s.resized_width !== null
  );
}

const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const queryLevel = z.coerce.number().int().min(0).max(100);

/** `GET .../enhance/preview`: the same settings as a query (absent corrections are off), answered as a JPEG. */
export const enhancePreviewQuery = z.strictObject({
  shadow_highlight: queryBoolean.optional(),
  shadow_highlight_level: queryLevel.optional(),
  tone_curve: queryBoolean.optional(),
  tone_curve_level: queryLevel.optional(),
  saturation: queryBoolean.optional(),
  saturation_level: queryLevel.optional(),
  sharpness: queryBoolean.optional(),
  sharpness_level: queryLevel.optional(),
  super_resolution: queryBoolean.optional(),
  super_resolution_level: queryLevel.optional(),
  jpeg_quality: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * A white balance not applied yet, so the preview shows the sliders as they stand; without `wb_mode` the scene's
   * own white balance (the one in force) is used. Auto mode ignores the temperature and tint, as the process does.
   */
  wb_mode: z.enum(['manual', 'auto']).optional(),
  wb_temperature: z.coerce.number().int().min(-100).max(100).optional(),
  wb_tint: z.coerce.number().int().min(-100).max(100).optional(),
  /** Any value: changes the URL so a browser fetches again (the console's cache-busting timestamp). */
  _: z.string().max(40).optional(),
});
export type EnhancePreviewQuery = z.output<typeof enhancePreviewQuery>;

/** The white balance a preview query asks for, or null for the scene's own. */
export function whiteBalanceOfQuery(q: EnhancePreviewQuery): WhiteBalance | null {
  if (q.wb_mode === undefined) return null;
  return { mode: q.wb_mode, temperature: q.wb_temperature ?? 0, tint: q.wb_tint ?? 0 };
}

/** The preview query as full settings (what is absent takes its default, the size is kept). */
export function enhanceSettingsOfQuery(q: EnhancePreviewQuery): EnhanceSettings {
  const d = DEFAULT_ENHANCE_SETTINGS;
  return {
    shadow_highlight: q.shadow_highlight ?? false,
    shadow_highlight_level: q.shadow_highlight_level ?? d.shadow_highlight_level,
    tone_curve: q.tone_curve ?? false,
    tone_curve_level: q.tone_curve_level ?? d.tone_curve_level,
    saturation: q.saturation ?? false,
    saturation_level: q.saturation_level ?? d.saturation_level,
    sharpness: q.sharpness ?? false,
    sharpness_level: q.sharpness_level ?? d.sharpness_level,
    super_resolution: q.super_resolution ?? false,
    super_resolution_level: q.super_resolution_level ?? d.super_resolution_level,
    jpeg_quality: q.jpeg_quality ?? d.jpeg_quality,
    resized_width: null,
    resized_height: null,
  };
}

/**
 * The preview query of settings (what the console puts in the preview image's URL), with the white balance the
 * sliders show when given (else the server uses the scene's own).
 */
export function enhancePreviewQueryOf(s: EnhanceSettings, whiteBalance?: WhiteBalance): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === 'resized_width' || key === 'resized_height' || value === null) continue;
    out[key] = String(value);
  }
  if (whiteBalance) {
    out.wb_mode = whiteBalance.mode;
    out.wb_temperature = String(whiteBalance.temperature);
    out.wb_tint = String(whiteBalance.tint);
  }
  return out;
}

/**
 * White balance (`POST .../adjust`, the `whiteblance` process): `manual` moves the colour temperature (-100 cooler,
 * blue; +100 warmer, amber) and the tint (-100 green, +100 magenta); `auto` makes the picture's average grey (the
 * grey-world assumption, good for interiors under one kind of light) and ignores the sliders.
 */
export const whiteBalanceSchema = z.strictObject({
  mode: z.enum(['manual', 'auto']),
  temperature: z.number().int().min(-100).max(100),
  tint: z.number().int().min(-100).max(100),
});
export type WhiteBalance = z.output<typeof whiteBalanceSchema>;

export const whiteBalanceChangesPixels = (w: WhiteBalance): boolean =>
  w.mode === 'auto' || w.temperature !== 0 || w.tint !== 0;

/** A scene: its place, title, picture (current, else original), the settings that made it, view and zoom points. */
export const interiorSceneAnswer = z.object({
  id: idSchema,
  order: z.number().int().describe('1-based place among the vehicle’s scenes'),
  title: z.string(),
  image: interiorImageAnswer.describe('What buyers see: the enhanced or white-balanced picture, else the original'),
  original: interiorImageAnswer.nullable().describe('The uploaded picture, when an edited one is shown instead'),
  enhance: enhanceSettingsSchema.nullable(),
  white_balance: whiteBalanceSchema.nullable(),
  initial_view: initialViewSchema,
  zoom_points: z.array(zoomPointSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InteriorSceneAnswer = z.output<typeof interiorSceneAnswer>;

/** The rules an upload is held to, so the console can say them before a file is chosen. */
export const interiorSettingsAnswer = z.object({
  max_scenes: z.number().int(),
  max_bytes: z.number().int(),
  min_width: z.number().int(),
  max_width: z.number().int(),
  max_height: z.number().int(),
  max_zoom_points: z.number().int(),
  enhancement_enabled: z.boolean().describe("The domain's interior enhancement option (the image-quality tool)"),
});

export const interiorAnswer = z.object({
  content_id: idSchema,
  scenes: z.array(interiorSceneAnswer),
  settings: interiorSettingsAnswer,
  /** Which AI options the console offers on the scenes (automatic colour, annotation). */
  ai_options: aiOptionsAnswer,
  /** Running processes on the vehicle (interior_enhance, whiteblance, ...), as the live socket sends them. */
  processes: z.array(processAnswer),
});
export type InteriorAnswer = z.output<typeof interiorAnswer>;

/** `POST /multipanorama/order`: every scene of the vehicle, each once, in the new order. */
export const interiorOrderBody = z.strictObject({
  content_id: idSchema,
  scene_ids: z.array(idSchema).min(1).max(INTERIOR_MAX_SCENES),
});
export type InteriorOrderBody = z.output<typeof interiorOrderBody>;

/** `POST /interior/{content_id}/scenes/{scene_id}`: title, initial view, zoom points (each optional, one at least). */
export const interiorSceneUpdateBody = z
  .strictObject({
    title: z
      .string()
      .trim()
      .max(INTERIOR_TITLE_MAX, ruleIssue('max_length', `At most ${INTERIOR_TITLE_MAX} characters.`))
      .optional(),
    initial_view: initialViewSchema.optional(),
    zoom_points: z
      .array(zoomPointSchema)
      .max(
        MAX_ZOOM_POINTS_PER_PANORAMA,
        ruleIssue('max_length', `At most ${MAX_ZOOM_POINTS_PER_PANORAMA} zoom points per panorama.`),
      )
      .optional(),
  })
  .refine((b) => b.title !== undefined || b.initial_view !== undefined || b.zoom_points !== undefined, {
    message: 'Give a title, an initial view or zoom points.',
    params: { rule: 'required' },
  });
export type InteriorSceneUpdateBody = z.output<typeof interiorSceneUpdateBody>;

/** The upload's text field (multipart, beside `file`). */
export const interiorUploadFields = z.object({
  title: z
    .string()
    .trim()
    .max(INTERIOR_TITLE_MAX, ruleIssue('max_length', `At most ${INTERIOR_TITLE_MAX} characters.`))
    .optional(),
});

/** `GET .../enhance`: the settings in force (or the defaults), whether the tool may be used, and the pictures. */
export const enhanceAnswer = z.object({
  enabled: z.boolean().describe("The domain's interior enhancement option"),
  settings: enhanceSettingsSchema,
  applied: z.boolean().describe('Whether these settings are applied to the scene now'),
  white_balance: whiteBalanceSchema.nullable(),
  before: z.string().describe('URL of the original at preview size'),
  after: z.string().describe('URL of the current picture at preview size'),
  preview_path: z
    .string()
    .describe('Path (under the content API) of the live preview: add the settings as query parameters'),
  original_width: z.number().int(),
  original_height: z.number().int(),
});
export type EnhanceAnswer = z.output<typeof enhanceAnswer>;

/** What starting an enhancement or a white balance answers: the process that runs it. */
export const interiorProcessAnswer = z.object({ process: processAnswer, scene: interiorSceneAnswer });
export type InteriorProcessAnswer = z.output<typeof interiorProcessAnswer>;
