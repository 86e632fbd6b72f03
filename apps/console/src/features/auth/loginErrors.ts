import { ApiError } from '../../api/apiError.ts';
import { apiErrorText, fieldErrorText } from '../../api/errorText.ts';
import { type FormErrors, rateLimitText } from '../../forms/formErrors.ts';
import { i18n } from '../../i18n/i18n.ts';

export type LoginField = 'username' | 'password';

export type LoginFormErrors = FormErrors<LoginField>;

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

function isLoginField(field: string): field is LoginField {
  return (LOGIN_FIELDS as readonly string[]).includes(field);
}

/**
 * A refused sign-in, explained on the form: the login-failure sentence (or the server's own, such as an
 * inactive account), the 429 wait, the device limit of a domain whose places are all taken by colleagues (409),
 * plus each refused field beside its input.
 */
export function loginErrorsOf(error: unknown): LoginFormErrors {
  if (!(error instanceof ApiError)) return { form: i18n.t('errors.login_failed'), fields: {} };
  const fields: LoginFormErrors['fields'] = {};
  for (const f of error.fields) {
    if (isLoginField(f.field)) fields[f.field] = fieldErrorText(f);
  }
  if (error.status === 429) return { form: rateLimitText(error), fields };
  if (error.status === 400 || error.status === 401) {
    const known = error.code === 'login_failed' || error.code === 'account_not_active';
    return { form: known ? apiErrorText(error) : i18n.t('errors.login_failed'), fields };
  }
  return { form: apiErrorText(error), fields };
}
