import { z } from 'zod';
import { fieldErrorItem } from './error-answer.ts';

/** The answers of the users CSV import (`/v1/subordinates-upload`). */

export const csvAddedAnswer = z.object({ added: z.number().int() });
export type CsvAddedAnswer = z.output<typeof csvAddedAnswer>;

/** One refused row of a CSV (row null for a rule of the whole file, such as a total). */
export const csvRowError = z.object({
  row: z.number().int().nullable(),
  code: z.string(),
  field: z.string().optional(),
  message: z.string(),
});
export type CsvRowError = z.output<typeof csvRowError>;

/**
 * A refused CSV: `csv_invalid` with every refused row, or one catalogue code of the whole file (not UTF-8, too
 * large, over 100 users, no user, header...).
 */
export const csvErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    user_message: z.string(),
    fields: z.array(fieldErrorItem).optional(),
    rows: z.array(csvRowError).optional(),
  }),
});
