import type { InjectOptions } from 'fastify';
import type { SignedInUser } from '../helpers/factory.ts';
import { type MultipartFile, multipart } from '../helpers/multipart.ts';

/** Requests and media of the slider tests. */

export const API = '/api/browser/v0';

/** An upload request as `who`. */
export function upload(
  who: SignedInUser,
  url: string,
  fields: Record<string, string>,
  file?: MultipartFile,
): InjectOptions {
  const body = multipart(fields, file);
  return {
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${who.contentToken}` },
  };
}

export const as = (who: SignedInUser, request: InjectOptions): InjectOptions => ({
  ...request,
  headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` },
});
