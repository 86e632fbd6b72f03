import { FIELD_RULE_MESSAGES } from '@spinyard/domain';
import { z } from 'zod';

type Values = Record<string, unknown>;

/** A client-only retype field (a new password typed again): empty is `required`, on the field itself. */
export function retypeField(message: string = FIELD_RULE_MESSAGES.required) {
  return z.string().min(1, { error: message });
}

/**
 * The retype checked against the field it repeats: a different one is `must_match`, on the retype. It runs
 * whenever both values are strings, even when another field was refused, so the form shows the refusals
 * together. (Zod still skips it after a check that aborts, such as the domain's "enter a password" or "enter an
 * e-mail address": the mismatch then shows at the next try.)
 */
export function retypeCheck(field: string, retyped: string, message: string = FIELD_RULE_MESSAGES.must_match) {
  const check = (values: Values, ctx: z.RefinementCtx) => {
    const again = values[retyped];
    if (again !== '' && again !== values[field]) {
      ctx.addIssue({ code: 'custom', path: [retyped], message, params: { rule: 'must_match' } });
    }
  };
  const when = (payload: { value: unknown }): boolean => {
    const values = payload.value as Values | null;
    return (
      typeof values === 'object' &&
      values !== null &&
      typeof values[field] === 'string' &&
      typeof values[retyped] === 'string'
    );
  };
  return [check, { when }] as const;
}
