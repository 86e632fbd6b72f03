/**
 * The one adapter for image (and, next, video) work: nothing outside platform/media imports sharp or runs
 * ffmpeg (test/structure/media-imports.test.ts). Areas receive it through their module context.
 */

/**
 * The facts the domain package's image rules are judged on, measured from the bytes: the type from the magic
 * numbers, the pixel size from the decoder. A file name or a declared type never counts.
 */
export interface MeasuredImage {
  /** Detected MIME type, or `application/octet-stream` when the bytes are no image we recognise. */
  mime: string;
  bytes: number;
  width: number | undefined;
  height: number | undefined;
}

export type StoredImageFormat = 'png' | 'jpeg';

export interface ReencodeOptions {
  format: StoredImageFormat;
  /** Shrinks (never enlarges) to fit inside this box; omitted when the rule already fixed the size. */
  fitWithin?: { width: number; height: number };
}

export interface Media {
  measureImage(data: Buffer): Promise<MeasuredImage>;
  /**
   * Decodes and encodes again: only pixels survive, so metadata (camera, GPS), colour-profile tricks, comments
   * and anything appended after the image data are gone before the file is published.
   */
  reencodeImage(data: Buffer, options: ReencodeOptions): Promise<Buffer>;
}
