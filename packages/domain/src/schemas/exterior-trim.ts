import { z } from 'zod';

/**
 * A dealer's trim of a row's walk-around (issue 18, point 1): when the turn check says the video holds more or less
 * than one turn, the dealer picks the part of the kept original (the exterior's movie backup) that is one turn, and
 * the row is made again from that part by the same pipeline (the `multiple` process). Only a row made from one video
 * whose original is still kept can be trimmed; an answer says which, so the console offers "upload again" instead.
 */

/** `GET /exterior/{content_id}/rows/{group_id}/trim`: what the trim dialog needs to know about the row's video. */
export const exteriorTrimSourceAnswer = z.object({
  group_id: z.string(),
  group_order: z.number().int(),
  kept: z
    .boolean()
    .describe('The row was made from one video whose original is still kept: it can be trimmed (else upload again)'),
  source_seconds: z.number().nullable().describe('The kept original’s length in seconds, null when not kept'),
  file_name: z.string().nullable(),
  min_seconds: z.number().describe('The shortest part that may be kept (the walk-around rule)'),
  start_seconds: z.number().describe('Where the row’s frames start now: 0, or the last trim’s start'),
  end_seconds: z.number().nullable().describe('Where the row’s turn closes now (the last trim’s end), when known'),
  frame_seconds: z
    .array(z.number())
    .describe('The time in the original of each of the row’s frames, in the spin’s order (for the frame strip)'),
});
export type ExteriorTrimSourceAnswer = z.output<typeof exteriorTrimSourceAnswer>;

/** `POST /exterior/{content_id}/rows/{group_id}/trim`: the part of the kept original to make the row from. */
export const exteriorTrimBody = z.object({
  start_seconds: z.number().min(0).describe('Where the turn starts in the original, in seconds'),
  end_seconds: z.number().positive().describe('Where the turn ends in the original, in seconds'),
});
export type ExteriorTrimBody = z.output<typeof exteriorTrimBody>;

/** What is wrong with a trim's range, naming the field and rule (the server's 422 and the console's dialog). */
export interface TrimProblem {
  field: 'start_seconds' | 'end_seconds';
  rule: 'after_start' | 'min_duration' | 'within_source';
}

/** Half a frame at 30 fps: an end at the video's last frame time still counts as within it. */
const END_SLACK = 1 / 60;

/** The first rule the range breaks (start before end, at least `minSeconds` long, within the video), or none. */
export function trimProblem(
  range: ExteriorTrimBody,
  source: { seconds: number; minSeconds: number },
): TrimProblem | undefined {
  if (range.start_seconds >= range.end_seconds) return { field: 'end_seconds', rule: 'after_start' };
  if (range.end_seconds > source.seconds + END_SLACK) return { field: 'end_seconds', rule: 'within_source' };
  if (range.end_seconds - range.start_seconds < source.minSeconds)
    return { field: 'end_seconds', rule: 'min_duration' };
  return undefined;
}
