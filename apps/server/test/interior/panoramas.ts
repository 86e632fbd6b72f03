import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipart } from '../helpers/multipart.ts';

/** Uploads a panorama to a vehicle as the console does. */
export function uploadPanorama(
  app: FastifyInstance,
  token: string,
  contentId: string,
  file: Buffer,
  fileName = 'pano.jpg',
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, {
    data: file,
    name: fileName,
    type: fileName.endsWith('.png') ? 'image/png' : 'image/jpeg',
  });
  return app.inject({
    method: 'POST',
    url: `/api/browser/v0/interior/${contentId}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

/** Reads a media URL the API answered (`/svnmedia/...`) through the server, as a browser would. */
export async function fetchMedia(app: FastifyInstance, url: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res.rawPayload;
}
