import { z } from 'zod';
import { BLUR_LIMITS, BLUR_SHAPES, type BlurRegion } from '../media/blur-regions.ts';
import { idSchema } from './common.ts';
import { processAnswer } from './contents.ts';
import { ruleIssue } from './field-errors.ts';
import { mediaImageAnswer } from './media.ts';

/**
 * The blur editor on the content API (second document, section 7: `POST blurred_contents/{id}`,
 * `GET blurred_preview/{id}` with blur_str or bg_color, blur_target and group_id): regions drawn on a row's frames
 * (media/blur-regions.ts), blurred or filled with a colour, inside the regions or outside them (the background, when
 * the regions outline the vehicle). Applying runs the `blur` process, which renders every frame of the row from its
 * original; the originals are kept, so `DELETE blurred_contents/{id}` undoes it.
 */

/**
 * `regions`: inside the regions; `background`: outside them; `car_background`: outside the car found on each frame
 * (issue 23, point 2: no outline to draw) and outside the regions, which then mark parts to keep sharp as well.
 */
export const BLUR_TARGETS = ['regions', 'background', 'car_background'] as const;
export type BlurTarget = (typeof BLUR_TARGETS)[number];

const fraction = z.number().min(0).max(1);
const side = z.number().min(BLUR_LIMITS.minBoxSize).max(1);
/** Rounding slack of a box's far edge (x + w, y + h), far below a pixel at 4K. */
const EDGE_SLACK = 1e-6;

export const blurBoxSchema = z
  .strictObject({ x: fraction, y: fraction, w: side, h: side })
  .refine((b) => b.x + b.w <= 1 + EDGE_SLACK, {
    ...ruleIssue('range', 'The box leaves the frame (x + w > 1).'),
    path: ['w'],
  })
  .refine((b) => b.y + b.h <= 1 + EDGE_SLACK, {
    ...ruleIssue('range', 'The box leaves the frame (y + h > 1).'),
    path: ['h'],
  });

export const blurKeyFrameSchema = z.strictObject({
  frame: z
    .int()
    .min(0)
    .max(BLUR_LIMITS.maxFrames - 1),
  box: blurBoxSchema,
});

export const blurRegionSchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, ruleIssue('format', 'Letters, digits, - and _ (up to 40).')),
    shape: z.enum(BLUR_SHAPES).default('rect'),
    all_frames: z.boolean().default(false),
    keys: z.array(blurKeyFrameSchema).min(1).max(BLUR_LIMITS.maxFrames),
  })
  .superRefine((region, ctx) => {
    const seen = new Set<number>();
    region.keys.forEach((key, i) => {
      if (seen.has(key.frame)) {
        ctx.addIssue({
          code: 'custom',
          path: ['keys', i, 'frame'],
          ...ruleIssue('format', 'A frame has one key frame at most.'),
        });
      }
      seen.add(key.frame);
    });
  });

export const blurRegionsSchema = z
  .array(blurRegionSchema)
  .max(BLUR_LIMITS.maxRegions)
  .superRefine((regions, ctx) => {
    const seen = new Set<string>();
    regions.forEach((region, i) => {
      if (seen.has(region.id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'id'], ...ruleIssue('format', 'Each region has its own id.') });
      }
      seen.add(region.id);
    });
  });

const strength = z.int().min(BLUR_LIMITS.minStrength).max(BLUR_LIMITS.maxStrength);
/** `#rrggbb`; the `#` may be left out (it must be written %23 in a query string). Answered lower case with `#`. */
const colour = z
  .string()
  .regex(/^#?[0-9a-fA-F]{6}$/, ruleIssue('format', 'A colour is #rrggbb.'))
  .transform((v) => `#${v.replace('#', '').toLowerCase()}`);

/** Exactly one of blur_str (blur) and bg_color (fill): the field named is the one to remove or give. */
function oneLook(value: { blur_str?: number | undefined; bg_color?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.blur_str !== undefined && value.bg_color !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['bg_color'],
      ...ruleIssue('one_of', 'Give a blur strength (blur_str) or a colour (bg_color), not both.'),
    });
  } else if (value.blur_str === undefined && value.bg_color === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['blur_str'],
      ...ruleIssue('required', 'Give a blur strength (blur_str) or a colour (bg_color).'),
    });
  }
}

const settingsFields = {
  blur_target: z.enum(BLUR_TARGETS).default('regions'),
  blur_str: strength.optional(),
  bg_color: colour.optional(),
};

/** `POST /blurred_contents/{id}` (id: the vehicle): saves the row's settings and starts the `blur` process. */
export const blurApplyBody = z
  .strictObject({
    group_id: idSchema,
    ...settingsFields,
    regions: blurRegionsSchema,
  })
  .superRefine(oneLook)
  .superRefine((value, ctx) => {
    // Only the car background has something to blur without a region: the car is found on each frame.
    if (value.regions.length === 0 && value.blur_target !== 'car_background') {
      ctx.addIssue({
        code: 'custom',
        path: ['regions'],
        ...ruleIssue('required', 'Draw at least one region, or blur the background around the car found.'),
      });
    }
  });
export type BlurApplyBody = z.output<typeof blurApplyBody>;

/** The longest `regions` a preview query takes (the console sends the regions as they stand on that one frame). */
export const BLUR_PREVIEW_REGIONS_MAX_LENGTH = 6000;

/** `regions` of a query: JSON text, parsed, then checked as regions. */
const regionsJson = z
  .string()
  .max(BLUR_PREVIEW_REGIONS_MAX_LENGTH)
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', ...ruleIssue('format', 'regions is JSON: a list of regions.') });
      return z.NEVER;
    }
  })
  .pipe(blurRegionsSchema);

/**
 * `GET /blurred_preview/{id}?group_id&frame&blur_target&blur_str|bg_color&regions`: one frame of the row at display
 * size with the settings applied, as a JPEG computed on the fly (nothing is stored).
 */
export const blurPreviewQuery = z
  .strictObject({
    group_id: idSchema,
    frame: z.coerce
      .number()
      .int()
      .min(0)
      .max(BLUR_LIMITS.maxFrames - 1),
    blur_target: settingsFields.blur_target,
    blur_str: z.coerce.number().pipe(strength).optional(),
    bg_color: colour.optional(),
    regions: regionsJson.default([]),
    /** Any value: the console's cache-busting timestamp. */
    _: z.string().max(40).optional(),
  })
  .superRefine(oneLook);
export type BlurPreviewQuery = z.output<typeof blurPreviewQuery>;

/** `DELETE /blurred_contents/{id}?group_id=`: the row whose blur is undone. */
export const blurUndoQuery = z.strictObject({ group_id: idSchema, _: z.string().max(40).optional() });

export const blurContentParams = z.object({ id: idSchema });

/**
 * A row's blur settings: the apply body without its row id. The one shape the server saves (with saved_at) and
 * the console's editor keeps as an unapplied draft.
 */
export const blurSettings = z.object({
  blur_target: z.enum(BLUR_TARGETS),
  blur_str: z.int().nullable(),
  bg_color: z.string().nullable(),
  regions: z.array(blurRegionSchema),
});
export type BlurSettings = z.output<typeof blurSettings>;

/** A row's saved settings (kept after an undo, to edit again). */
export const blurSettingsAnswer = blurSettings.extend({ saved_at: z.string() });
export type BlurSettingsAnswer = z.output<typeof blurSettingsAnswer>;

/** A frame as the editor shows it: always the original (blur renders from it), and what it shows now. */
export const blurFrameAnswer = z.object({
  id: idSchema,
  index: z.int().describe('0-based place in its row: the frame index of key frames'),
  original: mediaImageAnswer,
  edit_kind: z.enum(['blur', 'replace']).nullable().describe('blur: blurred; replace: replaced (skipped by blur)'),
  edited: mediaImageAnswer.nullable().describe('The shown image when the frame is blurred or replaced'),
});
export type BlurFrameAnswer = z.output<typeof blurFrameAnswer>;

export const blurRowAnswer = z.object({
  group_id: idSchema,
  group_order: z.int(),
  frame_count: z.int(),
  settings: blurSettingsAnswer.nullable(),
  frames: z.array(blurFrameAnswer),
});
export type BlurRowAnswer = z.output<typeof blurRowAnswer>;

/** `GET /blurred_contents/{id}`: every row with its saved settings and frames, and the latest blur process. */
export const blurredContentAnswer = z.object({
  content_id: idSchema,
  background_blur: z
    .boolean()
    .describe("Whether the domain's background blur option is on: blur_target 'background' is refused without it"),
  rows: z.array(blurRowAnswer),
  process: processAnswer.nullable().describe('The latest blur process of the vehicle (running or ended)'),
});
export type BlurredContentAnswer = z.output<typeof blurredContentAnswer>;

/** `POST /blurred_contents/{id}`: the started process (already ended when the server runs it inline). */
export const blurApplyAnswer = z.object({ content_id: idSchema, group_id: idSchema, process: processAnswer });
export type BlurApplyAnswer = z.output<typeof blurApplyAnswer>;

/** `DELETE /blurred_contents/{id}`: how many frames of the row went back to their original. */
export const blurUndoAnswer = z.object({ content_id: idSchema, group_id: idSchema, restored: z.int() });
export type BlurUndoAnswer = z.output<typeof blurUndoAnswer>;

// The schema's output is the geometry's region: a change to one that the other does not follow fails to compile.
const _sameRegion: (r: z.output<typeof blurRegionSchema>) => BlurRegion = (r) => r;
