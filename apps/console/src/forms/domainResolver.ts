import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, fieldErrorMap, parseFields } from '@spinyard/domain';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldTranslator } from './fieldTranslator.ts';

/** A form's schema: the domain's (or one that extends it) over an object of the form's fields. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * Field errors as react-hook-form holds them, the first refusal of each field only (the schema reports the
 * most basic one first: "required" before "too short"), with the rule as the error's type.
 */
export function ruleErrors(
  errors: readonly FieldError[],
  translate: FieldTranslator,
): Record<string, { type: string; message: string }> {
  const out: Record<string, { type: string; message: string }> = {};
  for (const error of errors) {
    out[error.field] ??= { type: error.rule, message: translate(error) };
  }
  return out;
}

/**
 * zodResolver over the domain's schema, with its refusals told by rule in the user's language. zodResolver
 * parses and hands the form the schema's output (trimmed, lower-cased...); the messages it would show are the
 * schema's English sentences, so a refused form is re-read with parseFields, which names each issue's rule
 * (FieldError) the way the server does: the form and the server's 422 then read alike.
 */
export function domainResolver<S extends FormSchema>(
  schema: S,
  translate: FieldTranslator,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const parse = zodResolver(schema, { error: fieldErrorMap }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await parse(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const checked = parseFields(schema, values);
    const refused = checked.ok ? [] : checked.fields;
    return {
      values: {},
      errors: toNestErrors(ruleErrors(refused, translate), options) as FieldErrors<z.input<S>>,
    };
  };
}
