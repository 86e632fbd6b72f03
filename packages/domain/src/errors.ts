/**
 * The error catalogue (second document, section 8): one stable code per error the API can answer,
 * with its HTTP status and the message key the console translates (`errors.<code>` in the catalogues).
 * The server answers `{ error: { code, user_message, fields? } }`; `user_message` is the English text,
 * the console shows its own translation when it knows the code.
 */
export const ERROR_CATALOGUE = {
  bad_request: { status: 400, message: 'Bad request.' },
  general_error: { status: 400, message: 'An error occurred. Please try again.' },
  login_failed: { status: 400, message: 'Login failed. Check your e-mail address and password.' },
  check_submission: { status: 400, message: 'Please check your submission.' },
  not_authenticated: { status: 401, message: 'You are not signed in, or your session has ended.' },
  payment_required: { status: 402, message: 'Payment is incomplete.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  not_found: { status: 404, message: 'The resource was not found.' },
  request_timeout: { status: 408, message: 'The request took too long. Please try again.' },
  conflict: { status: 409, message: 'This conflicts with data that already exists.' },
  reload_and_retry: { status: 409, message: 'The data changed meanwhile. Reload and retry.' },
  payload_too_large: { status: 413, message: 'The upload is too large.' },
  unsupported_media_type: { status: 415, message: 'This file format is not supported.' },
  validation_failed: { status: 422, message: 'Please check your input.' },
  too_many_attempts: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  internal_error: { status: 500, message: 'A server error occurred. Please try again later.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One refused field of a request: the field's name, the rule it broke, and an English message. */
export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode | string; user_message: string; fields?: FieldError[]; retry_after_seconds?: number };
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export function errorBody(code: ErrorCode, userMessage?: string, fields?: FieldError[]): ErrorBody {
  return { error: { code, user_message: userMessage ?? ERROR_CATALOGUE[code].message, ...(fields ? { fields } : {}) } };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}
