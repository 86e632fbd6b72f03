/**
 * Upload states (first document, section 4). Processors report them in any case ("COMPLETE", "Complete"), so the
 * console and the server compare them only after normalising. A value we do not know is passed through untouched,
 * because the spec says other values are shown as they are, and a processor's own wording helps support.
 */
export const UPLOAD_STATUSES = [
  'requested',
  'ready',
  'preparing',
  'processing',
  'pending',
  'error',
  'submitted',
  'progressing',
  'complete',
  'canceled',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Other names processors use for a known state. media_convert_in_progress is the video converter's "progressing". */
const ALIASES: Readonly<Record<string, UploadStatus>> = {
  media_convert_in_progress: 'progressing',
};

export function isUploadStatus(value: unknown): value is UploadStatus {
  return typeof value === 'string' && (UPLOAD_STATUSES as readonly string[]).includes(value);
}

/** The known status for a raw value compared case-insensitively, or the raw value itself when unknown. */
export function normaliseUploadStatus(raw: string): UploadStatus | string {
  const key = raw.trim().toLowerCase();
  if (isUploadStatus(key)) return key;
  return ALIASES[key] ?? raw;
}

export type UploadPhase = 'waiting' | 'working' | 'done' | 'failed' | 'canceled' | 'unknown';

/** What the progress display does with a status: a spinner for waiting and working, a final state otherwise. */
export function uploadPhase(raw: string): UploadPhase {
  const s = normaliseUploadStatus(raw);
  if (!isUploadStatus(s)) return 'unknown';
  switch (s) {
    case 'requested':
    case 'ready':
    case 'pending':
    case 'submitted':
      return 'waiting';
    case 'preparing':
    case 'processing':
    case 'progressing':
      return 'working';
    case 'complete':
      return 'done';
    case 'error':
      return 'failed';
    case 'canceled':
      return 'canceled';
  }
}

/** Whether the upload can still change by itself (the console keeps polling or listening while this is true). */
export function isUploadInFlight(raw: string): boolean {
  const phase = uploadPhase(raw);
  return phase === 'waiting' || phase === 'working';
}
