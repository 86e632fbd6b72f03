import type { Socket } from 'node:net';
import { type ErrorBody, errorBody, type FieldError } from '@spinyard/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';
import { isDiskFull } from '../platform/storage/disk-full.ts';

/** How long a client waits before trying again while the database restarts (its supervisor brings it back). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

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
      if (error.params !== undefined) body.error.params = error.params;
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
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(errorBody('invalid_json'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send(errorBody('unsupported_media_type'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Bad content length, a prototype key in JSON and the like: the client's fault, told without internals.
      return reply.status(400).send(errorBody('bad_request'));
    }
    // Operations, not bugs: each named, so the client and the operator both see the cause.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody('database_unavailable'));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return reply.status(507).send(errorBody('insufficient_storage'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error'));
  });
}

/** How long a client waits before asking again once a stop began (the next node, or this one restarted). */
const CLOSING_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * At the end of a stop's grace period (main.ts): every request still without an answer gets the 503 below
     * instead of a cut connection; resolves once those answers are written (or after a second).
     */
    answerUnfinished(): Promise<number>;
  }
}

/** How long the stop waits for the 503s of unfinished requests to be written before it cuts the connections. */
const UNFINISHED_FLUSH_MS = 1_000;

const closingRefusal = (reply: FastifyReply) =>
  reply
    .header('Connection', 'close')
    .header('Retry-After', String(CLOSING_RETRY_AFTER_SECONDS))
    .status(503)
    .send(errorBody('service_unavailable'));

/**
 * Once a stop began (main.ts), requests still arriving on open keep-alive connections are refused with 503 in the
 * error shape and the connection closed, while those already under way finish. Fastify's own refusal is turned off
 * (`return503OnClosing: false`) for this one. Those still under way when the grace ends (uploads waiting their turn
 * to be decoded, issue 18) get the same 503 rather than a connection cut without a word, so the client knows to ask
 * again; a use case that still commits before the database closes stands, as it would have behind a cut.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  const unanswered = new Set<FastifyReply>();
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) return closingRefusal(reply);
    // A socket's upgrade has no HTTP answer to give; its socket closes with the server.
    if (request.headers.upgrade) return;
    unanswered.add(reply);
    reply.raw.once('close', () => unanswered.delete(reply));
  });
  app.decorate('answerUnfinished', async () => {
    const answered = [...unanswered].filter((reply) => !reply.sent && !reply.raw.headersSent);
    const written = answered.map((reply) => new Promise<void>((resolve) => reply.raw.once('finish', resolve)));
    for (const reply of answered) void closingRefusal(reply);
    await Promise.race([Promise.all(written), new Promise((resolve) => setTimeout(resolve, UNFINISHED_FLUSH_MS))]);
    return answered.length;
  });
}

/**
 * Refusals the router makes before any route or hook runs (Fastify's `frameworkErrors`): an over-long path
 * parameter and a broken percent-encoding answer in the error shape too, not in Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('uri_too_long'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('bad_request'));
  } else {
    request.log.error({ err: error }, 'router error');
    void reply.status(500).send(errorBody('internal_error'));
  }
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address or headers over the 16 KB limit, a
 * timeout, malformed requests) answer in the error shape, so the console can say what happened. Otherwise as
 * Fastify's own handler: nothing to say on a reset connection, and the socket is closed after the answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'Request Header Fields Too Large', 'headers_too_large'] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'Request Timeout', 'request_timeout'] as const)
        : ([400, 'Bad Request', 'bad_request'] as const);
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
