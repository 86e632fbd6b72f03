import { type ErrorBody, errorBody, type FieldError } from '@spinyard/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/** Maps a zod issue to the rule name the console translates (`validation.<rule>`). */
function ruleOf(issue: { keyword?: string; message?: string }): string {
  const code = issue.keyword ?? 'invalid';
  switch (code) {
    case 'too_small':
      return 'min_length';
    case 'too_big':
      return 'max_length';
    case 'invalid_format':
      return 'format';
    case 'invalid_type':
      return issue.message?.includes('undefined') ? 'required' : 'type';
    default:
      return code;
  }
}

/**
 * One place that turns every failure into the catalogue's status and error shape. Bad input is a 4xx that
 * names the field and the rule; only a real fault is a 500, and its details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      const body: ErrorBody = errorBody(error.code, error.message, error.fields);
      if (error.retryAfterSeconds !== undefined) body.error.retry_after_seconds = error.retryAfterSeconds;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((v) => {
        const field = v.instancePath.split('/').filter(Boolean).join('.') || (error.validationContext ?? 'body');
        return { field, rule: ruleOf(v), message: v.message ?? 'Invalid value' };
      });
      return reply.status(422).send(errorBody('validation_failed', undefined, fields));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(errorBody('payload_too_large'));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send(errorBody('unsupported_media_type'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, bad content length and the like: the client's fault, described without internals.
      return reply.status(400).send(errorBody('bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error'));
  });
}
