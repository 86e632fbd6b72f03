import type { Media } from './media.ts';
import { createSharpMedia } from './sharp-media.ts';

export type { MeasuredImage, Media, ReencodeOptions, StoredImageFormat } from './media.ts';

/** Images go through sharp; video (ffmpeg and ffprobe) joins this adapter with the vehicles' media. */
export function createMedia(): Media {
  return createSharpMedia();
}
