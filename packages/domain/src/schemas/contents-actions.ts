import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Requests and answers of the vehicle actions besides create and update (schemas/contents.ts): deletion, the bulk
 * delete, and the development view's panel symbols.
 */

/** `DELETE /contents/{id}`: soft by default; `deleteType=hard` deletes for good, only from deleted. */
export const contentDeleteQuery = z.object({ deleteType: z.enum(['soft', 'hard']).default('soft') });

/** The most vehicles one bulk delete takes: the list's largest page. */
export const BULK_DELETE_MAX = 300;

/** `POST /contents/delete/bulk`: all of them or none (an id listed twice counts once). */
export const contentBulkDeleteBody = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1, { error: 'Choose at least one vehicle.' })
    .max(BULK_DELETE_MAX, { error: `At most ${BULK_DELETE_MAX} vehicles at once.` }),
  delete_type: z.enum(['soft', 'hard']).default('soft'),
});
export type ContentBulkDeleteBody = z.output<typeof contentBulkDeleteBody>;

export const contentBulkDeleteAnswer = z.object({ deleted: z.int(), ids: z.array(idSchema) });
export type ContentBulkDeleteAnswer = z.output<typeof contentBulkDeleteAnswer>;

/**
 * `GET /contents/{id}/cs-car-inspection/development-view-number-to-symbol`: for each panel number (1-based, the
 * order of DEVELOPMENT_VIEW_PANELS) that carries marks, the text the damage map prints there (`A2 U1`), marks in
 * the order recorded. Panels without marks are absent.
 */
export const developmentViewSymbolsAnswer = z.object({ symbols: z.record(z.string(), z.string()) });
export type DevelopmentViewSymbolsAnswer = z.output<typeof developmentViewSymbolsAnswer>;
