import type { FieldError } from '@spinyard/domain';
import { ApiError } from '../api/apiError.ts';
import { apiErrorText } from '../api/errorText.ts';
import { notifyError } from '../api/notify.ts';
import { endSessionAfterUnauthorized } from '../api/session.ts';
import { i18n } from '../i18n/i18n.ts';

export interface Refusal {
  /** The error code of the answer (`domain_in_use`, `validation_failed`...), when there is one. */
  code: string | undefined;
  /** Fields to show beside their inputs; empty when the refusal is about the whole request. */
  fields: FieldError[];
}

/**
 * What a form does with a failed write sent with `errors: 'silent'`: a refusal that names fields is returned for
 * the form to show beside them (the inputs keep what was typed); anything else gets the client's usual reaction
 * (the catalogue message; a 401 ends the session). `wording` words that message; a screen whose server sends its
 * own sentences can prefer the catalogue's text of the code.
 */
export function refusalOf(error: unknown, wording: (error: ApiError) => string = apiErrorText): Refusal {
  if (!(error instanceof ApiError)) {
    // Not an answer of the server: a fault in the browser, whose own (English, technical) text tells a user nothing.
    notifyError(i18n.t('errors.general_error'));
    return { code: undefined, fields: [] };
  }
  if (error.fields.length > 0 && error.status !== 401) return { code: error.code, fields: error.fields };
  const { action } = error.description;
  if (action === 'logout') {
    notifyError(apiErrorText(error));
    endSessionAfterUnauthorized();
  } else if (action !== 'ignore') {
    notifyError(wording(error));
  }
  return { code: error.code, fields: [] };
}
