import type { z } from 'zod';
import type { FieldError } from '../errors.ts';

/**
 * Field errors with stable rule names. The server answers a refused body with `{ field, rule, message }` per
 * field (ARCHITECTURE section 4, "one error shape"); the console maps `rule` to its own translated text and
 * falls back to `message`. Zod's issue codes are too coarse for that (a too-short password and an empty name are
 * both `too_small`), so every schema in this folder either states its rule in the issue (`params: { rule }` on a
 * custom check) or uses a built-in check whose code maps to one rule below.
 *
 * Readings (copied to docs/decisions.md):
 * - A field that is absent or null where a value is needed, or an empty string where text is needed, is
 *   `required`, not `min_length`: the console says "enter {name}" / "select {name}" for those.
 * - Number bounds are `range`; string and list bounds are `min_length` / `max_length`. A fractional number
 *   where a whole number is needed is `integer`; a value of the wrong JSON type (a string for a number) is `format`.
 * - A key the schema does not know, in a strict schema, is `unknown_field` on that key's name.
 * - Field names are the zod path joined by dots (`options.vehicle_limit`, `rows.3.email`); an issue on the whole
 *   body has the field name `''`.
 */

export const FIELD_RULES = [
  'required',
  'min_length',
  'max_length',
  'email',
  'ascii_only',
  'must_match',
  'must_differ',
  'format',
  'one_of',
  'integer',
  'range',
  'unknown_field',
  'no_repeated_hyphens',
  'requires',
  'max_size',
  'exact_dimensions',
  'max_dimensions',
  'own_account_page',
  'set_by_manager',
  // Billing: plans (a plan id; an amount with more decimals than its currency has).
  'alphanumeric',
  'minor_unit',
  // Content videos: texts counted as the spec counts them (full-width 1, half-width 0.5), lines, items, repeats.
  'max_width',
  'max_lines',
  'max_items',
  'no_duplicates',
  // Web negotiations: a meeting's start.
  'not_in_past',
  // Partner billing codes: exactly so many half-width digits.
  'exact_digits',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

/** English text per rule, used when a check carries no message of its own. The console translates by rule. */
export const FIELD_RULE_MESSAGES: Readonly<Record<FieldRule, string>> = {
  required: 'This field is required.',
  min_length: 'This value is too short.',
  max_length: 'This value is too long.',
  email: 'Enter a valid e-mail address.',
  ascii_only: 'Use only half-width letters, digits and symbols.',
  must_match: 'The two values do not match.',
  must_differ: 'The new value must differ from the current one.',
  format: 'The format of this value is not valid.',
  one_of: 'Choose one of the offered values.',
  integer: 'Enter a whole number.',
  range: 'This number is out of range.',
  unknown_field: 'This field is not known.',
  no_repeated_hyphens: 'Hyphens must not follow each other.',
  requires: 'This setting needs another setting turned on.',
  max_size: 'The file is too large.',
  exact_dimensions: 'The image does not have the required size.',
  max_dimensions: 'The image is larger than allowed.',
  own_account_page: 'Change this for your own account on your account page.',
  set_by_manager: 'This is set by whoever manages your account, not by yourself.',
  alphanumeric: 'Use only half-width letters and digits.',
  minor_unit: 'This amount has more decimals than its currency has.',
  max_width: 'This text is too long (a full-width character counts 1, a half-width one 0.5).',
  max_lines: 'This text has too many lines.',
  max_items: 'Too many items are chosen.',
  no_duplicates: 'The same value is given twice.',
  not_in_past: 'The date and time must not be in the past.',
  exact_digits: 'Enter exactly the required number of half-width digits.',
};

/** The `params` of a custom check that names its rule. */
export function ruleParams(name: FieldRule): { rule: FieldRule } {
  return { rule: name };
}

/** A refinement options object carrying both the rule and its message. */
export function ruleIssue(name: FieldRule, message: string = FIELD_RULE_MESSAGES[name]) {
  return { error: message, params: ruleParams(name) };
}

/**
 * Error map for parsing: gives built-in issues a readable English message when their check has none. Pass it as
 * `schema.safeParse(data, { error: fieldErrorMap })` (parseFields does), or to a form resolver.
 */
export const fieldErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    return FIELD_RULE_MESSAGES.required;
  }
  return FIELD_RULE_MESSAGES[ruleOfIssue(issue as z.core.$ZodIssue, issue.input, true)];
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function isFieldRule(value: unknown): value is FieldRule {
  return typeof value === 'string' && (FIELD_RULES as readonly string[]).includes(value);
}

/**
 * The rule of one issue. `value` is the input at the issue's path when known; `valueKnown` says whether it is
 * (zod issues do not carry their input unless asked, so a missing value is recognised from the input or from
 * the required message of fieldErrorMap).
 */
function ruleOfIssue(issue: z.core.$ZodIssue, value: unknown, valueKnown: boolean): FieldRule {
  switch (issue.code) {
    case 'custom': {
      const named = issue.params?.rule;
      return isFieldRule(named) ? named : 'format';
    }
    case 'invalid_type': {
      const missing = valueKnown
        ? value === undefined || value === null
        : issue.message === FIELD_RULE_MESSAGES.required;
      if (missing) return 'required';
      return issue.expected === 'int' ? 'integer' : 'format';
    }
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1 ? 'required' : 'min_length';
      }
      return 'range';
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') return 'max_length';
      if (issue.origin === 'file') return 'max_size';
      return 'range';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'format';
    case 'invalid_value': {
      // An absent choice (an enum or literal not sent) is "choose one", like any other missing value.
      const missing = valueKnown && (value === undefined || value === null);
      return missing ? 'required' : 'one_of';
    }
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'not_multiple_of':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'format';
    default:
      return 'format';
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/**
 * Field errors of a zod error, one per issue (an unknown-keys issue gives one per key; the same field, rule and
 * message only once). Pass the parsed input
 * too when you have it: it tells a missing value (`required`) from a wrong one.
 */
export function fieldErrorsOf(error: z.core.$ZodError, ...withInput: [input?: unknown]): FieldError[] {
  const out: FieldError[] = [];
  const valueKnown = withInput.length > 0;
  const input = withInput[0];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          field: fieldName([...issue.path, key]),
          rule: 'unknown_field',
          message: FIELD_RULE_MESSAGES.unknown_field,
        });
      }
      continue;
    }
    const r = ruleOfIssue(issue, valueKnown ? valueAt(input, issue.path) : undefined, valueKnown);
    // A missing value always reads "required", whatever text the type check had.
    const message = r === 'required' && issue.code === 'invalid_type' ? FIELD_RULE_MESSAGES.required : issue.message;
    const field = fieldName(issue.path);
    // Two checks can refuse a value for one reason (an int past both the safe range and the schema's max): the
    // user reads the reason once.
    if (out.some((e) => e.field === field && e.rule === r && e.message === message)) continue;
    out.push({ field, rule: r, message });
  }
  return out;
}

export type FieldsResult<T> = { ok: true; data: T } | { ok: false; fields: FieldError[] };

/** Parse with readable messages and answer field errors: what a route or a form needs in one call. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): FieldsResult<z.output<S>> {
  const result = schema.safeParse(input, { error: fieldErrorMap });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fields: fieldErrorsOf(result.error, input) };
}
