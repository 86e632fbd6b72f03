import { z } from 'zod';

/** The one error shape every refusal answers (ARCHITECTURE section 4), so both sides read it alike. */

export const fieldErrorItem = z.object({ field: z.string(), rule: z.string(), message: z.string() });

export const errorAnswer = z.object({
  error: z.object({
    code: z.string(),
    user_message: z.string(),
    fields: z.array(fieldErrorItem).optional(),
    retry_after_seconds: z.number().int().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ErrorAnswer = z.output<typeof errorAnswer>;
