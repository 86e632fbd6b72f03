import type { FieldError } from '@spinyard/domain';
import { i18n } from '../../../i18n/i18n.ts';

/**
 * The wizard's field names for refusals, in the user's language: a refused field (the form's own check or the
 * server's 422) is told as `validation.<rule>` with the name of the field it is about. The list fields carry their
 * place ("category image 2's text"), so the name says which one.
 */
const NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^opening\.title$/, 'movieWizard.fields.title'],
  [/^opening\.subtitle$/, 'movieWizard.fields.subtitle'],
  [/^music_track_id$/, 'movieWizard.fields.music'],
  [/^sections/, 'movieWizard.fields.sections'],
  [/^category_images\.(\d+)\.text$/, 'movieWizard.fields.categoryText'],
  [/^category_images/, 'movieWizard.fields.categoryImages'],
  [/^exterior_text$/, 'movieWizard.fields.exteriorText'],
  [/^interior_text$/, 'movieWizard.fields.interiorText'],
  [/^scenes\.(\d+)\.zoom_points\.(\d+)\.text$/, 'movieWizard.fields.pointText'],
  [/^scenes\.(\d+)\.zoom_points/, 'movieWizard.fields.zoomPoints'],
  [/^scenes/, 'movieWizard.fields.scenes'],
];

/** The catalogue key naming `field`, with the 1-based places in it (`n`, `m`) for the texts that take them. */
export function movieFieldName(field: string): { key: string; n?: number; m?: number } {
  for (const [pattern, key] of NAMES) {
    const found = pattern.exec(field);
    if (!found) continue;
    const [, n, m] = found;
    return {
      key,
      ...(n === undefined ? {} : { n: Number(n) + 1 }),
      ...(m === undefined ? {} : { m: Number(m) + 1 }),
    };
  }
  return { key: `fields.${field}` };
}

/** A refusal of the wizard's settings in the user's language, naming the field (with its place) and the rule. */
export function movieFieldMessage(error: FieldError): string {
  const { key, ...places } = movieFieldName(error.field);
  const rule = `validation.${error.rule}`;
  return i18n.exists(rule) ? i18n.t(rule, { field: i18n.t(key, places) }) : error.message;
}
