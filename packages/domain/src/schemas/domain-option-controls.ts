import { z } from 'zod';
import { DOMAIN_OPTION_FIELDS, type DomainOptionKey } from './domain.ts';

/**
 * What kind of value each domain option takes, read from its schema in DOMAIN_OPTION_FIELDS: a switch, one of fixed
 * values, or a whole number within bounds (null, where allowed, meaning unlimited). Forms build their inputs from
 * this, so a bound or a value changed in the schema changes the form with it.
 */

export type OptionControl =
  | { kind: 'flag' }
  | { kind: 'choice'; values: readonly (string | number)[] }
  | { kind: 'text' }
  | { kind: 'number'; min: number; max: number; nullable: boolean };

function controlOf(key: string, schema: z.ZodType): OptionControl {
  const nullable = schema instanceof z.ZodNullable;
  const inner = schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodBoolean) return { kind: 'flag' };
  if (inner instanceof z.ZodEnum) return { kind: 'choice', values: inner.options };
  if (inner instanceof z.ZodLiteral) return { kind: 'choice', values: [...inner.values] as (string | number)[] };
  if (inner instanceof z.ZodString) return { kind: 'text' };
  if (inner instanceof z.ZodNumber && inner.minValue !== null && inner.maxValue !== null) {
    return { kind: 'number', min: inner.minValue, max: inner.maxValue, nullable };
  }
  // A new option of another kind needs a control here before any form can offer it.
  throw new Error(`No control for the domain option ${key}`);
}

export const DOMAIN_OPTION_CONTROLS = Object.fromEntries(
  Object.entries(DOMAIN_OPTION_FIELDS).map(([key, schema]) => [key, controlOf(key, schema)]),
) as Readonly<Record<DomainOptionKey, OptionControl>>;
