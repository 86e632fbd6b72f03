import type { IncomingMessage } from 'node:http';
import { CSV_MAX_BYTES } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Content types a CSV file arrives with: what the console sets, and what browsers report for a .csv file
 * (Windows with Excel installed says application/vnd.ms-excel).
 */
export const CSV_CONTENT_TYPES = [
  'text/csv',
  'application/csv',
  'application/octet-stream',
  'application/vnd.ms-excel',
];

/**
 * The body as bytes, at most CSV_MAX_BYTES: a declared or actual larger body is refused with the catalogue's
 * csv_too_large (413) as soon as it is known, without reading the rest.
 */
export async function readCsvBody(
  request: { headers: Record<string, string | string[] | undefined> },
  payload: IncomingMessage,
): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > CSV_MAX_BYTES) throw new AppError('csv_too_large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > CSV_MAX_BYTES) throw new AppError('csv_too_large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Makes a scope take CSV file bodies as Buffers; register its upload routes in a scope of their own. */
export function acceptCsvBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    CSV_CONTENT_TYPES,
    async (request: { headers: Record<string, string | string[] | undefined> }, payload: IncomingMessage) =>
      readCsvBody(request, payload),
  );
}
