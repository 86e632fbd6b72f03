import { z } from 'zod';
import { EXTERIOR_CENTER_ANGLES, EXTERIOR_SIZES } from '../constants.ts';
import { aiOptionsAnswer } from './ai-options.ts';
import { idSchema } from './common.ts';
import { idListSchema } from './content-processes.ts';
import { processAnswer } from './contents.ts';
import { UPLOAD_TYPES } from './domain.ts';
import { mediaImageAnswer } from './media.ts';
import { videoUploadAnswer } from './video-uploads.ts';

/**
 * The exterior spin of a vehicle on the content API (second document, section 7: /exterior, /exteriorimage/order,
 * rows, rows/initial, replace-image, upload_limit_check): its rows ("sheets_group" of the obvr data) and their
 * frames ("sheets"), the obvr facts, the initial angle and row, and the uploads still on their way. Every edit is
 * checked against the lock rules (locks.ts) and refused with `content_locked` naming the process.
 */

export const exteriorParams = z.object({ content_id: idSchema });
export const exteriorGroupParams = z.object({ content_id: idSchema, group_id: idSchema });
export const exteriorFrameParams = z.object({ content_id: idSchema, frame_id: idSchema });

export const EXTERIOR_ANGLE_IDS = EXTERIOR_CENTER_ANGLES.map((a) => a.id) as [
  (typeof EXTERIOR_CENTER_ANGLES)[number]['id'],
  ...(typeof EXTERIOR_CENTER_ANGLES)[number]['id'][],
];

/** A frame ("sheet"): its place in its row and its image; `edited` when blurred or replaced (the original is kept). */
export const exteriorFrameAnswer = z.object({
  id: idSchema,
  order: z.number().int().describe('0-based place in its row'),
  url: z.string().describe('The display JPEG (the obvr "sheets.url")'),
  image: mediaImageAnswer,
  edit_kind: z.enum(['blur', 'replace']).nullable().describe('How the shown image differs from the extracted one'),
  original: mediaImageAnswer.nullable().describe('The extracted frame, when an edit is shown instead'),
});
export type ExteriorFrameAnswer = z.output<typeof exteriorFrameAnswer>;

/** A row ("sheets_group"): one circle around the vehicle. */
export const exteriorGroupAnswer = z.object({
  group_id: idSchema,
  group_order: z.number().int().describe('1-based row number'),
  frame_count: z.number().int(),
  is_temp: z.boolean().describe('Made but not yet part of the spin (a row being replaced)'),
  first_sheet_url: z.string().nullable(),
  sheets: z.array(exteriorFrameAnswer),
  turn_check: z
    .enum(['more_than_turn', 'short_of_turn', 'unsure'])
    .nullable()
    .describe(
      'What the dealer is told before publishing about the turn found in the video: more than one turn (the rest trimmed), short of a turn, or not sure; null when one turn was found or the row was not made from a video',
    ),
});
export type ExteriorGroupAnswer = z.output<typeof exteriorGroupAnswer>;

/** The obvr facts: rows of the spin, the domain's limits, and the digits of frame file names (row and column). */
export const obvrAnswer = z.object({
  rows: z.number().int(),
  max_rows: z.number().int(),
  initial_row: z.number().int(),
  number_of_columns: z
    .number()
    .int()
    .describe('Frames per row: the most frames a row has, or the domain frame count before the first row'),
  row_digits: z.number().int(),
  column_digits: z.number().int(),
});

/** What the domain's options decide for this vehicle's exterior, so the console can say it before an upload. */
export const exteriorSettingsAnswer = z.object({
  frame_count: z.number().int(),
  exterior_size: z.enum(EXTERIOR_SIZES.map((s) => s.id) as [string, ...string[]]),
  upload_type: z.enum(UPLOAD_TYPES),
  upload_limit: z.number().int().describe('Videos one vehicle may have on their way at once'),
  max_bytes: z.number().int().describe('Largest video accepted'),
  min_seconds: z.number().describe('Shortest video accepted'),
  rotation_correction: z.boolean(),
  async_upload: z.boolean().describe('The user may leave the page while the video is processed'),
});

export const exteriorAnswer = z.object({
  content_id: idSchema,
  initial_angle: z.enum(EXTERIOR_ANGLE_IDS),
  obvr: obvrAnswer,
  groups: z.array(exteriorGroupAnswer),
  extra_images: z
    .number()
    .int()
    .describe(
      'Frames "remove extra images" would delete: frames past the domain frame count in a row, and every frame of a temp row',
    ),
  settings: exteriorSettingsAnswer,
  /** Which AI options the console offers on the spin (front detection, plate blur, background, rotation). */
  ai_options: aiOptionsAnswer,
  /** The caller's uploads not yet turned into frames (requested, ready, preparing, processing, error). */
  uploads: z.array(videoUploadAnswer),
  /** Running media processes on the vehicle (multiple, blur, ...), as the live socket sends them. */
  processes: z.array(processAnswer),
});
export type ExteriorAnswer = z.output<typeof exteriorAnswer>;

/**
 * `POST /exterior/{content_id}`: turns the vehicle's ready uploads into frames (the `multiple` process, or
 * `exterior_async_upload` when the domain's async option is on). `group_order`: the row to make or remake (1 when
 * absent); with the upload type `group`, all the uploads are merged into that one row, with `multiple_lines` each
 * upload becomes a row from `group_order` on.
 */
export const exteriorCreateBody = z.strictObject({
  upload_ids: z
    .array(z.string().regex(/^[0-9a-f]{32}$/, { error: 'Not an upload id.' }))
    .min(1, { error: 'Upload a video first.' })
    .max(100),
  group_order: z.number().int().min(1).max(10).optional(),
});
export type ExteriorCreateBody = z.output<typeof exteriorCreateBody>;

/**
 * `POST /exteriorimage/order`: a row's frames in their new order (every frame of the row, each once; otherwise a
 * field error on `sheet_ids`). Answers the exterior as it is after the change, as every direct edit does (order,
 * row and frame delete, restore of a replaced frame, initial angle and row).
 */
export const exteriorOrderBody = z.strictObject({
  content_id: idSchema,
  group_id: idSchema,
  sheet_ids: z.array(idSchema).min(1).max(360),
});
export type ExteriorOrderBody = z.output<typeof exteriorOrderBody>;

/** `POST /exterior/{content_id}/rows/initial`: the row the spin opens on. */
export const exteriorInitialRowBody = z.strictObject({ row: z.number().int().min(1).max(10) });
export type ExteriorInitialRowBody = z.output<typeof exteriorInitialRowBody>;

/** `POST /exterior/{content_id}/initial-angle`: the angle the spin opens on (front, 45 and 90 right or left). */
export const exteriorInitialAngleBody = z.strictObject({ angle: z.enum(EXTERIOR_ANGLE_IDS) });
export type ExteriorInitialAngleBody = z.output<typeof exteriorInitialAngleBody>;

/** `GET /exterior/{content_id}/upload_limit_check`: whether another video may be uploaded now. */
export const uploadLimitCheckAnswer = z.object({
  allowed: z.boolean(),
  limit: z.number().int(),
  used: z.number().int(),
});
export type UploadLimitCheckAnswer = z.output<typeof uploadLimitCheckAnswer>;

/**
 * Replacement images "under 1280x720" (second document, section 5), read as: they fit inside a 1280x720 box, both
 * sides included (an HD frame of 1280x720 is accepted; 1281 wide or 721 high is refused, and so is a portrait
 * 720x1280). JPEG or PNG by their content, at most REPLACE_IMAGE_MAX_BYTES.
 */
export const REPLACE_IMAGE_MAX = { width: 1280, height: 720 } as const;
/** Our cap on a replacement image's file (the spec gives none): a 1280x720 PNG of a photo is about 2.5 MB. */
export const REPLACE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REPLACE_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * What an edit run as a background process answers (replace-image: `exterior_replace_image`; extra-images/remove:
 * `exterior_extra_images_removal`): the process as recorded. Follow it on the live socket or by reading the
 * exterior again; it may already be finished when the server runs it in the request (no job runner).
 */
export const exteriorProcessStartedAnswer = z.object({ content_id: idSchema, process: processAnswer });
export type ExteriorProcessStartedAnswer = z.output<typeof exteriorProcessStartedAnswer>;

/**
 * `GET /exterior/{content_id}/uploaded_before`: the SHA-256 of a video about to be sent or going up (hex, lower
 * case), and the id of its own upload once the console knows it (never named as its own earlier upload).
 */
export const uploadedBeforeQuery = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  except_upload: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { error: 'Not an upload id.' })
    .optional(),
});
export type UploadedBeforeQuery = z.output<typeof uploadedBeforeQuery>;
/**
 * The first upload of the same bytes (the same file) on a vehicle of this tenant the caller sees, this one or
 * another: when, under which name, on which vehicle. All null when none.
 */
export const uploadedBeforeAnswer = z.object({
  uploaded_at: z.string().nullable(),
  file_name: z.string().nullable(),
  content_id: z.string().nullable(),
  car_name: z.string().nullable(),
});
export type UploadedBeforeAnswer = z.output<typeof uploadedBeforeAnswer>;

/** The most frames one confirmed removal names: ten rows of the largest frame count. */
export const EXTRA_IMAGES_CONFIRM_MAX = 3600;

const qualityFlag = z.enum(['true', 'false']).optional();
/** The quality flags, and the cache-buster `_` the console puts on every request (apps/console/src/api/url.ts). */
const qualityFlags = {
  blurred: qualityFlag,
  duplicates: qualityFlag,
  empty: qualityFlag,
  _: z.string().max(40).optional(),
};

/**
 * `POST /exterior/{content_id}/extra-images/remove` query: also remove the frames that measure blurred, duplicate
 * (the view of the frame before) or empty (one flat colour), each off unless asked (`true`); a row is never cut
 * below 8 frames by them. Frames past the domain's frame count and temp rows go as before.
 */
export const extraImagesRemoveQuery = z.strictObject({
  ...qualityFlags,
  /** The frames the dealer confirmed from the proposal (comma-separated ids): only those go. */
  frame_ids: idListSchema(EXTRA_IMAGES_CONFIRM_MAX).optional(),
});
export type ExtraImagesRemoveQuery = z.output<typeof extraImagesRemoveQuery>;

/** `GET /exterior/{content_id}/extra-images`: the removal's quality flags (and the console's cache-buster `_`). */
export const extraImagesProposalQuery = z.strictObject(qualityFlags);

/** Why a frame is proposed for removal: past the domain's frame count, in a row not part of the spin, or measured. */
export const EXTRA_IMAGE_REASONS = ['past_count', 'temp_row', 'empty', 'blurred', 'duplicate'] as const;

/**
 * `GET /exterior/{content_id}/extra-images` (same quality flags as the removal): the frames a removal would delete,
 * each with its reason and picture, for the dealer to confirm before any is removed.
 */
export const extraImagesProposalAnswer = z.object({
  content_id: idSchema,
  frames: z.array(
    z.object({
      id: idSchema,
      group_order: z.number().int(),
      order: z.number().int().describe('0-based place in its row'),
      reason: z.enum(EXTRA_IMAGE_REASONS),
      url: z.string().describe('The frame as shown now (display JPEG)'),
    }),
  ),
});
export type ExtraImagesProposalAnswer = z.output<typeof extraImagesProposalAnswer>;
