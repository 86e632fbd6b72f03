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

/** The error, its causes and the members of an AggregateError (pg tries each address of a host name). */
export function* errorChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === undefined || next === null || seen.has(next)) continue;
    seen.add(next);
    yield next;
    if (next instanceof AggregateError) queue.push(...next.errors);
    if (next instanceof Error && 'cause' in next) queue.push(next.cause);
  }
}

/** A start refused because the domain (or the user) has the feature off: 403 forbidden naming it in params.reason. */
export const featureOff = (reason: string, message: string): AppError =>
  new AppError('forbidden', { message, params: { reason } });
