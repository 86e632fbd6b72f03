import { z } from 'zod';
import { idSchema } from './common.ts';
import { analyticsTagSchema } from './contents.ts';
import { ruleIssue } from './field-errors.ts';

/**
 * The vehicle's analytics tag (first document, section 3 Vehicle: "analytics tag (on/off)"; the domain option
 * "analytics tag"; second document, section 7: `/analytics_settings`, shapes not shown). The same two columns the
 * vehicle record answers (`analytics_tag_enabled`, `analytics_tag`); this call changes only them.
 */

/** `GET /analytics_settings?contentsID=N` (the spec's name of the parameter). */
export const analyticsSettingsQuery = z.object({ contentsID: idSchema.describe('The vehicle') });
export type AnalyticsSettingsQuery = z.output<typeof analyticsSettingsQuery>;

/** `POST /analytics_settings`: turning the tag on needs a tag id; an empty id with the tag off clears it. */
export const analyticsSettingsBody = z
  .strictObject({
    content_id: idSchema,
    enabled: z.boolean(),
    tag: analyticsTagSchema.default('').describe('A Google tag id: G-, GT-, AW-, UA- or DC- and 4 to 20 letters'),
  })
  .refine((v) => !v.enabled || v.tag !== '', {
    path: ['tag'],
    ...ruleIssue('required', 'Enter the tag id to turn the tag on.'),
  });
export type AnalyticsSettingsBody = z.output<typeof analyticsSettingsBody>;

export const analyticsSettingsAnswer = z.object({
  content_id: idSchema,
  enabled: z.boolean().describe('Whether the tag is on for this vehicle'),
  tag: z.string().describe('The tag id; empty when none'),
  available: z.boolean().describe("Whether the domain's analytics option is on: with it off, the tag is not served"),
  served: z.boolean().describe('Whether buyers of the published page load it now (on, with an id, option on)'),
});
export type AnalyticsSettingsAnswer = z.output<typeof analyticsSettingsAnswer>;

/**
 * Whether turning the tag on (or changing its id while on) is refused because the domain's analytics option is
 * off. Keeping what is stored is never refused (a form re-sending a whole vehicle after the option went off), and
 * turning the tag off always goes.
 */
export function analyticsTagBlocked(
  optionOn: boolean,
  stored: { enabled: boolean; tag: string } | null,
  next: { enabled: boolean; tag: string },
): boolean {
  if (optionOn || !next.enabled) return false;
  return stored === null || !stored.enabled || stored.tag !== next.tag;
}
