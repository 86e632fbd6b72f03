import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { makeTempDir } from '../platform/jobs/temp-space.ts';

/**
 * Image and video files sent as `multipart/form-data` (one file, field `file`, plus text fields), so the console can
 * show upload progress and a 30 MB category image does not travel as base64 JSON. The bytes are streamed to a
 * private temporary file and counted on the way: a file over the route's limit is refused with `file_too_large`
 * (params.max_bytes) as soon as the limit is passed, not after it has filled the disk. What the file is, is decided
 * afterwards by its content (platform/media), never by its name or declared type.
 */

/** Registers the parser on a scope (once per scope that takes files). Text fields are short by design. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fields: 20, fieldSize: 4096, files: 1, parts: 22, headerPairs: 100 },
  });
}

export interface ReceivedFile {
  /** The bytes, in a private temporary folder; call `discard()` when done (also on failure). */
  path: string;
  bytes: number;
  /** As the browser named it: shown to people only. */
  fileName: string;
  /** The text fields sent with the file (before or after it). */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * Receives the one file of a multipart request. Refusals: no file part (`validation_failed` on `file`), an empty
 * file (same), a file over `maxBytes` (`file_too_large`), a request that is not multipart (`unsupported_media_type`).
 */
export async function receiveFile(request: FastifyRequest, options: { maxBytes: number }): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const dir = await makeTempDir('spinyard-part-');
  const discard = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'file');
  const fields: Record<string, string> = {};
  let fileName: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || fileName !== undefined) {
        part.file.resume();
        continue;
      }
      fileName = part.filename || 'file';
      await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw new AppError('file_too_large', { params: { max_bytes: options.maxBytes } });
    }
    if (fileName === undefined) throw missingFile('Choose a file to upload.');
    const { size } = await stat(file);
    if (size === 0) throw missingFile('The file is empty.');
    return { path: file, bytes: size, fileName, fields, discard };
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    // @fastify/multipart's own limit errors (too many parts or fields, a field too long).
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) {
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('file_too_large', { params: { max_bytes: options.maxBytes } });
      }
      throw new AppError('validation_failed', {
        fields: [{ field: 'file', rule: 'format', message: 'The form data is malformed or has too many parts.' }],
      });
    }
    throw error;
  }
}

function missingFile(message: string): AppError {
  return new AppError('validation_failed', { fields: [{ field: 'file', rule: 'required', message }] });
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
