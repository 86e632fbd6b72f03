import type { FieldError } from '@spinyard/domain';
import { refusalOf } from '../components/refusal.ts';
import type { FormErrors } from './formErrors.ts';

/**
 * For useServerFieldErrors' `errorsOf` on screens whose refusals about the whole request are notifications (the
 * tenancy and user screens, through refusalOf): the refused fields the form has, worded by `text`; anything
 * else has already been told by refusalOf (the catalogue's message; a 401 ends the session).
 */
export function refusalFieldErrors<F extends string>(
  fields: readonly F[],
  text: (error: FieldError) => string,
): (error: unknown) => FormErrors<F> {
  return (error) => {
    const out: Partial<Record<F, string>> = {};
    for (const refused of refusalOf(error).fields) {
      const field = fields.find((f) => f === refused.field);
      if (field !== undefined) out[field] ??= text(refused);
    }
    return { fields: out };
  };
}
