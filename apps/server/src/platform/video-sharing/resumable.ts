import {
  type SiteVideo,
  UPLOAD_CHUNK_UNIT,
  type UploadState,
  type VideoSharing,
  VideoSharingConnectionError,
  VideoSharingError,
} from './port.ts';

/** 8 MiB: few requests for a 256 MB file, and at most this much resent when a drop loses a whole chunk. */
export const DEFAULT_CHUNK_BYTES = 32 * UPLOAD_CHUNK_UNIT;

/** The file's bytes from `offset` on, in any slicing (a blob's stream skipped to the offset, a test's buffer). */
export type OpenAt = (offset: number) => AsyncIterable<Buffer>;

/** `stream` in pieces of exactly `size` bytes (the last one shorter). */
export async function* piecesOf(stream: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const data of stream) {
    let rest = data;
    while (held + rest.length >= size) {
      const take = size - held;
      parts.push(rest.subarray(0, take));
      yield Buffer.concat(parts);
      parts = [];
      held = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      parts.push(rest);
      held += rest.length;
    }
  }
  if (held > 0) yield Buffer.concat(parts);
}

/** A readable stream's bytes from `offset` on (what arrived is never read again from the store's start twice). */
export async function* skipBytes(stream: AsyncIterable<Buffer | string>, offset: number): AsyncGenerator<Buffer> {
  let skip = offset;
  for await (const raw of stream) {
    const data = typeof raw === 'string' ? Buffer.from(raw) : raw;
    if (skip >= data.length) {
      skip -= data.length;
      continue;
    }
    yield skip > 0 ? data.subarray(skip) : data;
    skip = 0;
  }
}

export interface DriveOptions {
  sessionUrl: string;
  totalBytes: number;
  open: OpenAt;
  /** A multiple of 256 KiB. */
  chunkBytes?: number;
  /** After every answer of the session: the bytes the service has (stored by the job, shown as progress). */
  onProgress?: (received: number) => Promise<void>;
}

export interface DriveOutcome {
  video: SiteVideo;
  /**
   * The bytes of every chunk handed to the connection, resent ones included: an upper bound, since a dropped chunk
   * counts whole though only its start may have left (the service's own count is the exact figure).
   */
  bytesSent: number;
  drops: number;
}

/**
 * Sends a resumable session's missing bytes. It first asks the session what arrived (so a job started again after a
 * restart goes on from the stored session), and after a dropped connection asks again and sends from the answer:
 * the service says which state it is in, nothing waits for a time. A drop after which the service has nothing more
 * than after the previous one ends the drive with the connection error (the job fails and can be started again).
 */
export async function driveUpload(
  site: VideoSharing,
  accessToken: string,
  options: DriveOptions,
): Promise<DriveOutcome> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (chunkBytes <= 0 || chunkBytes % UPLOAD_CHUNK_UNIT !== 0) throw new Error('chunks are multiples of 256 KiB');
  const { sessionUrl, totalBytes } = options;
  let state: UploadState = await site.uploadState(accessToken, sessionUrl, totalBytes);
  let bytesSent = 0;
  let drops = 0;
  let afterLastDrop = -1;
  while (!state.done) {
    let offset: number = state.received;
    await options.onProgress?.(offset);
    try {
      for await (const chunk of piecesOf(options.open(offset), chunkBytes)) {
        bytesSent += chunk.length;
        state = await site.uploadChunk(accessToken, { sessionUrl, offset, chunk, totalBytes });
        if (state.done) break;
        await options.onProgress?.(state.received);
        // A session that takes nothing would be sent the same chunk for ever.
        if (state.received <= offset) throw new VideoSharingError('backendError', 308, 'the session took nothing');
        // The service kept less than was sent: go on from what it has.
        if (state.received !== offset + chunk.length) break;
        offset = state.received;
      }
      if (!state.done && state.received >= totalBytes) {
        state = await site.uploadState(accessToken, sessionUrl, totalBytes);
      }
    } catch (error) {
      if (!(error instanceof VideoSharingConnectionError)) throw error;
      drops += 1;
      state = await site.uploadState(accessToken, sessionUrl, totalBytes);
      if (!state.done && state.received <= afterLastDrop) throw error;
      afterLastDrop = state.done ? totalBytes : state.received;
    }
  }
  return { video: state.video, bytesSent, drops };
}
