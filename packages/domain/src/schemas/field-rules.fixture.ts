import { parseFields } from './field-errors.ts';

/** Each refusal of an input as `field:rule` ([] when the schema accepts it): what the schemas' tests compare. */
export function fieldRulesOf(schema: Parameters<typeof parseFields>[0], input: unknown): string[] {
  const r = parseFields(schema, input);
  return r.ok ? [] : r.fields.map((f) => `${f.field}:${f.rule}`);
}
