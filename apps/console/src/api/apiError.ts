import type { ErrorDescription, FieldError } from '@spinyard/domain';

/** A refused or failed call: its status (0 when the network failed), the parsed body and what it means. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly description: ErrorDescription;

  constructor(status: number, body: unknown, description: ErrorDescription) {
    super(description.text ?? description.messageKey ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.description = description;
  }

  /** The error code of the server's error shape, when there is one. */
  get code(): string | undefined {
    const error = errorOf(this.body);
    return typeof error?.code === 'string' ? error.code : undefined;
  }

  get userMessage(): string | undefined {
    const error = errorOf(this.body);
    return typeof error?.user_message === 'string' && error.user_message ? error.user_message : undefined;
  }

  /** Values the server's message names (a process, a limit), passed to the translation. */
  get params(): Record<string, string | number> {
    const params = errorOf(this.body)?.params;
    return params !== null && typeof params === 'object' ? (params as Record<string, string | number>) : {};
  }

  /** Field-level refusals (`{ field, rule, message }`) for forms to show beside the field. */
  get fields(): FieldError[] {
    const fields = errorOf(this.body)?.fields;
    return Array.isArray(fields) ? (fields as FieldError[]) : [];
  }
}

function errorOf(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as Record<string, unknown>).error;
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
}
