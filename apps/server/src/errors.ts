import { ERROR_CATALOGUE, type ErrorCode, type FieldError } from '@spinyard/domain';

/**
 * The one error a service throws for an expected refusal. The HTTP layer turns it into the catalogue's
 * status and the `{ error: { code, user_message, fields? } }` shape; nothing else decides statuses.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fields?: FieldError[];
      retryAfterSeconds?: number;
      params?: Record<string, string | number>;
    } = {},
  ) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.params = options.params;
  }
}

export function fieldError(field: string, rule: string, message: string): FieldError {
  return { field, rule, message };
}
