import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ReceivedFile, receiveFile } from '../http/multipart-file.ts';
import { errorResponses } from '../http/schemas.ts';

const security = [{ bearer: [] }];

/** What an upload route consumes, for its OpenAPI schema. */
export const multipartForm = ['multipart/form-data'];

// The refusals the vehicle areas' routes share: a read, an edit (409: locked, linked or deleted vehicle) and an
// upload (413 too big, 415 not a kind the area takes).
export const READ_REFUSALS = errorResponses(401, 404, 422);
export const EDIT_REFUSALS = errorResponses(401, 404, 409, 422);
export const UPLOAD_REFUSALS = errorResponses(401, 404, 409, 413, 415, 422);

/**
 * The refusals of an edit, for a route's description: the vehicle locked by a process, linked to a listing or
 * deleted, and 404 for `what` (the vehicle and the area's parts) the caller does not see.
 */
export const editRefusals = (what: string): string =>
  '409 content_locked (params.process names the running process), 409 content_linked, 409 invalid_state_transition ' +
  `(a deleted vehicle: restore it first), 404 for ${what} the caller does not see.`;

/**
 * The route options of an area's content-API routes: the area's tag and the bearer token around the schema given,
 * so each route states only what is its own (summary, params, body, answers).
 */
export function areaRoute(tag: string) {
  const tags = [tag];
  return <S extends object>(schema: S) => ({ schema: { tags, security, ...schema } });
}

/** Receives the one file of the request, runs `use` on it, and always removes the temporary copy. */
export async function withFile<T>(
  request: FastifyRequest,
  maxBytes: number,
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  const file = await receiveFile(request, { maxBytes });
  try {
    return await use(file);
  } finally {
    await file.discard();
  }
}

/**
 * A CSV file sent as it is read. Fastify writes a stream as it comes and never serialises it against the route's
 * JSON answer schema; only the type provider's reply type does not know that, hence the plain reply here.
 */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
