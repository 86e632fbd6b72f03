import { ERROR_CATALOGUE } from '@spinyard/domain';
import { z } from 'zod';

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    user_message: z.string(),
    fields: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
    retry_after_seconds: z.number().int().optional(),
  }),
});

const statuses = new Set<number>(Object.values(ERROR_CATALOGUE).map((e) => e.status));

/** Documents the error answers of a route in OpenAPI, in the one error shape. */
export function errorResponses(...codes: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(codes.filter((c) => statuses.has(c)).map((c) => [c, errorSchema]));
}
