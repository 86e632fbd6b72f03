import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { SignedInUser } from '../helpers/factory.ts';

/** Requests and media of the slider tests. */

export const API = '/api/browser/v0';

/** A multipart/form-data body: text fields, then one file (field `file`), as the console's uploadFile sends it. */
export function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----spinyard${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'picture.jpg'}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An upload request as `who`. */
export function upload(
  who: SignedInUser,
  url: string,
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
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

/** A photo-like picture (noise, so renditions differ in size), seeded so the same seed gives the same bytes. */
export async function picture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
  seed = 1,
): Promise<Buffer> {
  const small = Buffer.alloc(16 * 9 * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < small.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    small[i] = x & 0xff;
  }
  const base = sharp(small, { raw: { width: 16, height: 9, channels: 3 } }).resize(width, height, { fit: 'fill' });
  return format === 'jpeg' ? base.jpeg({ quality: 80 }).toBuffer() : base.png().toBuffer();
}
