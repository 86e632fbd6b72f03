import { z } from 'zod';
import { fieldErrorItem } from './error-answer.ts';

/** The answers of the vehicle CSV edit (`POST /contents/csv`, `POST /contents/csv_check`). */

/** An accepted file: how many vehicles it changed (or would change) and how many rows equalled the stored ones. */
export const contentCsvAnswer = z.object({
  updated: z.int().min(0),
  unchanged: z.int().min(0),
});
export type ContentCsvAnswer = z.output<typeof contentCsvAnswer>;

/**
 * One refused cell: `field` is `rows.<row>.<item>` (row 1 is the line after the header), `rule` a field rule
 * (`max_length`, `range`...) or a catalogue code (`csv_unknown_content`, `content_locked`...), `params` what the
 * sentence names (the process holding a lock, a bound).
 */
export const contentCsvFieldError = fieldErrorItem.extend({
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ContentCsvFieldError = z.output<typeof contentCsvFieldError>;

/**
 * A refused file: `content_csv_invalid` with every refused cell (no vehicle was changed), or one catalogue code of
 * the whole file (`csv_not_utf8`, `csv_header_mismatch` naming the unknown item in `fields`, `csv_over_150`...).
 */
export const contentCsvErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    user_message: z.string(),
    fields: z.array(contentCsvFieldError).optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ContentCsvErrorAnswer = z.output<typeof contentCsvErrorAnswer>;

/** `rows.<row>.<item>` read back: the row number and the item, or null for another field name. */
export function contentCsvCellOf(field: string): { row: number; item: string } | null {
  const m = /^rows\.([1-9][0-9]*)\.([a-z_]+)$/.exec(field);
  return m ? { row: Number(m[1]), item: m[2] as string } : null;
}
