import type { UploadedBeforeAnswer } from '@spinyard/domain';
import { apiGet, CONTENT_API_BASE } from '../../../api/client.ts';
import { sha256OfBlob } from './sha256.ts';

/**
 * Whether the same video (the same bytes, by SHA-256) was uploaded before to a vehicle of this tenant the user sees,
 * this one or another, asked while it uploads so the dealer sees "already uploaded on <date> (to <vehicle>)" before
 * it is processed. The hash is made in a worker a slice at a time (any size, never the whole file in memory). Any
 * failure answers null: the note is a help, never a gate.
 */

export interface EarlierUpload {
  at: string;
  /** The vehicle the first upload went to, when it is another one. */
  otherVehicle: string | null;
}

/** The file's SHA-256 from a worker, or in the page (still by slices) where workers are not available. */
function sha256Of(file: File): Promise<string | null> {
  if (typeof Worker === 'undefined') return sha256OfBlob(file).catch(() => null);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./hashWorker.ts', import.meta.url), { type: 'module' });
    const done = (sha256: string | null) => {
      worker.terminate();
      resolve(sha256);
    };
    worker.onmessage = (event: MessageEvent<string | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage(file);
  });
}

/**
 * `ownUpload` gives the server's id of this file's own upload once it is known: the hash may be ready after the
 * upload is whole, and the upload is then not named as its own earlier one.
 */
export async function earlierUploadOf(
  contentId: string,
  file: File,
  ownUpload: () => string | null,
): Promise<EarlierUpload | null> {
  try {
    const sha256 = await sha256Of(file);
    if (!sha256) return null;
    const own = ownUpload();
    const answer = await apiGet<UploadedBeforeAnswer>(
      `${CONTENT_API_BASE}/exterior/${encodeURIComponent(contentId)}/uploaded_before`,
      { query: { sha256, ...(own ? { except_upload: own } : {}) }, errors: 'silent' },
    );
    if (!answer.uploaded_at) return null;
    const other = answer.content_id !== null && answer.content_id !== contentId;
    return { at: answer.uploaded_at, otherVehicle: other ? (answer.car_name ?? '') : null };
  } catch {
    return null;
  }
}
