import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A tus client for the upload tests, over real HTTP (tus reads the raw request stream, which inject does not
 * give): the requests of the protocol against a running app at `base`, signed with a content token when given.
 */

/** Starts `app` on a free local port: its base URL. */
export async function serve(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export const TUS = { 'tus-resumable': '1.0.0' };
export const VIDEOS = '/api/browser/v0/uploads/videos';
export const uploadUrl = (id: string) => `${VIDEOS}/${id}`;

/** tus's Upload-Metadata header: each value in base64 after its key. */
export const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

const auth = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** One request to the app at `base`; `url` is the path under the server. */
export const tusRequest = (
  base: string,
  token: string | undefined,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) => fetch(`${base}${url}`, { method, headers: { ...TUS, ...auth(token), ...headers }, ...(body ? { body } : {}) });

/** The creation of an exterior video upload of `size` bytes for vehicle `content` (`extra` adds metadata). */
export const createUpload = (
  base: string,
  token: string,
  content: string,
  size: number,
  extra: Record<string, string> = {},
) =>
  tusRequest(base, token, 'POST', VIDEOS, {
    'upload-length': String(size),
    'upload-metadata': metadata({ content_id: content, purpose: 'exterior', filename: 'walk.mp4', ...extra }),
  });

/** `bytes` written at `offset`. */
export const patchUpload = (base: string, token: string, id: string, offset: number, bytes: Buffer) =>
  tusRequest(
    base,
    token,
    'PATCH',
    uploadUrl(id),
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

/** A PATCH from offset 0 that announces `length` bytes, for the test to write part of and then drop or stall. */
export const openPatch = (base: string, token: string, id: string, length: number) =>
  http.request(`${base}${uploadUrl(id)}`, {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...auth(token),
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });
