/**
 * Where blobs (frames, panoramas, videos, documents, logos) live. Keys are `/`-separated relative paths such
 * as `images/logos/company_logo_0006.png`; every backend refuses the same unsafe keys, so a key that works on
 * disk also works on S3 and a key taken from a URL can never leave the store.
 */
export interface BlobStore {
  /** Replaces any existing blob atomically: readers see the old bytes or the new ones, never a mix. */
  put(key: string, data: Buffer | NodeJS.ReadableStream, options?: { contentType?: string }): Promise<void>;
  /** `null` when there is no blob under this key. */
  get(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing blob is not an error, so cleanup after a failed transaction can always run. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix` (a plain string prefix, as on S3), sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * The same blobs as `list`, each with its size and the time it was last written (a `put` of an existing key
   * counts as a write), for sweeps that must leave alone what was written a moment ago.
   */
  listEntries(prefix: string): Promise<BlobEntry[]>;
}

/** A blob read whole (a master or a logo, at most a few tens of MB); `undefined` when there is none. */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer | undefined> {
  const blob = await store.get(key);
  if (!blob) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

export interface BlobEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

export class UnsafeBlobKeyError extends Error {
  override readonly name = 'UnsafeBlobKeyError';
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Unsafe blob key ${JSON.stringify(key)}: ${reason}`);
  }
}

// Most filesystems cap a name at 255 bytes; refusing longer segments here turns ENAMETOOLONG into a clean refusal.
const MAX_SEGMENT_BYTES = 255;
// Control characters (NUL above all) and backslashes mean something else to some filesystem or tool downstream.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** Why a single segment is unsafe, or null when it is fine. */
function segmentProblem(segment: string): string | null {
  if (segment === '') return 'empty segment';
  // A leading dot covers `.` and `..`, and keeps hidden names free for the stores' own temporary files.
  if (segment.startsWith('.')) return 'segment starts with a dot';
  if (FORBIDDEN_CHARACTERS.test(segment)) return 'control character or backslash';
  if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return 'segment too long';
  return null;
}

/** The key's segments, or an `UnsafeBlobKeyError` naming the first problem. */
export function parseBlobKey(key: string): string[] {
  if (key.startsWith('/')) throw new UnsafeBlobKeyError(key, 'absolute path');
  const segments = key.split('/');
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) throw new UnsafeBlobKeyError(key, problem);
  }
  return segments;
}

/**
 * A key from its segments, e.g. `blobKey('images', 'logos', `company_logo_${code}.png`)`. Each segment must be
 * one name: a `/` inside a segment is refused rather than silently making a deeper key.
 */
export function blobKey(...segments: string[]): string {
  const key = segments.join('/');
  for (const segment of segments) {
    if (segment.includes('/')) throw new UnsafeBlobKeyError(key, 'slash inside a segment');
  }
  parseBlobKey(key);
  return key;
}
