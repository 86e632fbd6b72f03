import {
  aiOptionsOf,
  DEFAULT_MIN_VIDEO_SECONDS,
  type DomainOptions,
  EXTERIOR_ANGLE_IDS,
  EXTERIOR_VIDEO_MAX_BYTES,
  type ExteriorAnswer,
  type ExteriorFrameAnswer,
  type ExteriorGroupAnswer,
  type ProcessAnswer,
  type VideoUploadAnswer,
} from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import { AI_PARTS_AVAILABLE } from '../../platform/ai/availability.ts';
import { imageAnswer, mediaUrlOf } from '../vehicle-media/images.ts';
import type { ExteriorFrameRow, ExteriorGroupRow, ExteriorSettingsRow } from './repo.ts';

/** The image a frame shows: its edit (blur, replacement) when it has one, else the extracted frame. */
export const shownImage = (frame: Pick<ExteriorFrameRow, 'original' | 'edited'>): StoredImage =>
  frame.edited ?? frame.original;

/** The URL of an image's rendition as JPEG (the largest one below it when the image has no such rendition). */
export function renditionUrl(image: StoredImage, name: string): string {
  const r = image.renditions[name] ?? image.renditions.zoom ?? Object.values(image.renditions)[0];
  return r ? mediaUrlOf(r.jpeg) : mediaUrlOf(image.master);
}

/**
 * Frames "remove extra images" deletes (docs/decisions.md, exterior edits): in a spin row, the frames past the
 * domain's frame count; every frame of a temp row (made but never part of the spin), unless `keepTemp` (a pipeline
 * that may still be filling it is running).
 */
export function extraFramesOf(
  groups: readonly ExteriorGroupRow[],
  frames: readonly ExteriorFrameRow[],
  frameCount: number,
  options: { keepTemp: boolean },
): { frames: ExteriorFrameRow[]; tempGroups: ExteriorGroupRow[] } {
  const temp = new Set(groups.filter((g) => g.is_temp).map((g) => g.id));
  const tempGroups = options.keepTemp ? [] : groups.filter((g) => temp.has(g.id));
  const extra = frames.filter((f) => (temp.has(f.group_id) ? !options.keepTemp : f.frame_order >= frameCount));
  return { frames: extra, tempGroups };
}

/** The number of decimal digits of n (at least 1): the obvr "digits" of file names numbered up to n. */
const digits = (n: number): number => String(Math.max(1, Math.trunc(n))).length;

export interface ExteriorAnswerInput {
  contentId: string;
  groups: readonly ExteriorGroupRow[];
  /** Every frame of the vehicle, row by row, in order. */
  frames: readonly ExteriorFrameRow[];
  settings: ExteriorSettingsRow | undefined;
  options: DomainOptions;
  uploads: readonly VideoUploadAnswer[];
  processes: readonly ProcessAnswer[];
  /** Whether a pipeline that may be filling a temp row runs (its frames are then not extra). */
  pipelineRunning: boolean;
}

function frameAnswer(frame: ExteriorFrameRow): ExteriorFrameAnswer {
  const image = shownImage(frame);
  return {
    id: frame.id,
    order: frame.frame_order,
    url: renditionUrl(image, 'display'),
    image: imageAnswer(image),
    edit_kind: frame.edited ? frame.edit_kind : null,
    original: frame.edited ? imageAnswer(frame.original) : null,
  };
}

const TURN_CHECKS = ['more_than_turn', 'short_of_turn', 'unsure'] as const;

/** The verdict the pipeline recorded on the row (exterior/pipeline-plan.ts), when it is one to tell the dealer. */
function turnCheck(loop: unknown): ExteriorGroupAnswer['turn_check'] {
  const verdict = (loop as { verdict?: unknown } | null)?.verdict;
  return TURN_CHECKS.find((v) => v === verdict) ?? null;
}

const isAngle = (value: string): value is ExteriorAnswer['initial_angle'] =>
  (EXTERIOR_ANGLE_IDS as readonly string[]).includes(value);

/** The exterior of a vehicle as `GET /exterior/{content_id}` answers it (schemas/exterior.ts). */
export function toExteriorAnswer(input: ExteriorAnswerInput): ExteriorAnswer {
  const { options } = input;
  const byGroup = new Map<string, ExteriorFrameRow[]>();
  for (const frame of input.frames) {
    const list = byGroup.get(frame.group_id) ?? [];
    list.push(frame);
    byGroup.set(frame.group_id, list);
  }
  const groups: ExteriorGroupAnswer[] = input.groups.map((g) => {
    const sheets = (byGroup.get(g.id) ?? []).map(frameAnswer);
    return {
      group_id: g.id,
      group_order: g.group_order,
      frame_count: sheets.length,
      is_temp: g.is_temp,
      first_sheet_url: sheets[0]?.url ?? null,
      sheets,
      turn_check: turnCheck(g.loop),
    };
  });
  const rows = groups.length;
  const columns = rows > 0 ? Math.max(...groups.map((g) => g.frame_count)) : options.exterior_frame_count;
  const wantedRow = input.settings?.initial_row ?? options.obvr_initial_row;
  const extra = extraFramesOf(input.groups, input.frames, options.exterior_frame_count, {
    keepTemp: input.pipelineRunning,
  });
  const angle = input.settings?.initial_angle ?? 'front';
  return {
    content_id: input.contentId,
    initial_angle: isAngle(angle) ? angle : 'front',
    obvr: {
      rows,
      max_rows: options.obvr_rows_max,
      // The row the spin opens on, never past the rows there are.
      initial_row: Math.max(1, Math.min(wantedRow, Math.max(rows, 1))),
      number_of_columns: columns,
      row_digits: digits(rows),
      column_digits: digits(columns),
    },
    groups,
    extra_images: extra.frames.length,
    settings: {
      frame_count: options.exterior_frame_count,
      exterior_size: options.exterior_size,
      upload_type: options.upload_type,
      upload_limit: options.exterior_upload_limit,
      max_bytes: EXTERIOR_VIDEO_MAX_BYTES,
      min_seconds: DEFAULT_MIN_VIDEO_SECONDS,
      rotation_correction: options.exterior_rotation_correction,
      async_upload: options.async_mobile_upload,
    },
    ai_options: aiOptionsOf(options, AI_PARTS_AVAILABLE),
    uploads: [...input.uploads],
    processes: [...input.processes],
  };
}
