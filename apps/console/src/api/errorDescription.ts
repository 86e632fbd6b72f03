import { ERROR_CATALOGUE, type ErrorBody, isErrorCode, type PrivilegeType } from '@spinyard/domain';

/**
 * Local adapter for the error catalogue's "by status" table (second document, section 8) until
 * `@spinyard/domain` exports `describeErrorResponse`; the shape matches the planned one so the swap is an
 * import change.
 */
export interface ErrorDescription {
  action: 'notify' | 'logout' | 'ignore';
  /** An i18n key (`errors.<code>`) when the console has its own text for the answer. */
  messageKey?: string;
  /** The server's text when the console has no translation for it. */
  text?: string;
}

export interface ErrorContext {
  privilegeType?: PrivilegeType | undefined;
  /** The payment-status check after the layout loads: a 500 there is ignored for master and super. */
  paymentCheck?: boolean;
}

function bodyError(body: unknown): ErrorBody['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  return error as ErrorBody['error'];
}

/** "When it equals a known server message it is replaced by a translated text"; other texts are shown as sent. */
function userMessage(error: ErrorBody['error'] | undefined, fallbackKey: string): ErrorDescription {
  if (!error) return { action: 'notify', messageKey: fallbackKey };
  const { code, user_message: message } = error;
  if (isErrorCode(code) && (!message || message === ERROR_CATALOGUE[code].message)) {
    return { action: 'notify', messageKey: `errors.${code}` };
  }
  if (message) return { action: 'notify', text: message };
  return { action: 'notify', messageKey: fallbackKey };
}

export function describeErrorResponse(status: number, body: unknown, ctx: ErrorContext = {}): ErrorDescription {
  const error = bodyError(body);
  if (status === 401) return { action: 'logout', messageKey: 'errors.not_authenticated' };
  if (status === 409) {
    return isErrorCode(error?.code) && error.code !== 'conflict'
      ? userMessage(error, 'errors.conflict')
      : { action: 'notify', messageKey: 'errors.conflict' };
  }
  if (status === 422) {
    const lines = error?.fields?.map((f) => f.message).filter(Boolean) ?? [];
    return lines.length > 0
      ? { action: 'notify', text: lines.join('\n') }
      : { action: 'notify', messageKey: 'errors.validation_failed' };
  }
  if (status === 500) {
    const ignorable = ctx.paymentCheck && (ctx.privilegeType === 'master' || ctx.privilegeType === 'super');
    return ignorable ? { action: 'ignore' } : { action: 'notify', messageKey: 'errors.internal_error' };
  }
  if (status >= 502 && status <= 504) {
    if (error?.user_message || error?.code) return userMessage(error, 'errors.service_unavailable');
    return { action: 'notify', messageKey: 'errors.service_unavailable' };
  }
  if (status === 0) return { action: 'notify', messageKey: 'errors.network_error' };
  return userMessage(error, status >= 500 ? 'errors.internal_error' : 'errors.general_error');
}
