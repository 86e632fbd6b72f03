import type { FastifyRequest } from 'fastify';
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
