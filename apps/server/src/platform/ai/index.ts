import type { Media } from '../media/media.ts';
import { ocrPlateDetector, type PlateDetector } from './plate-detector.ts';

export type { PlateDetection, PlateDetector } from './plate-detector.ts';

let shared: PlateDetector | undefined;

/**
 * The process's plate detector (the ONNX models behind it are loaded on its first picture and kept): every job of
 * a worker shares one, so the models are loaded once per worker.
 */
export function defaultPlateDetector(media: Pick<Media, 'modelPixels'>): PlateDetector {
  shared ??= ocrPlateDetector(media);
  return shared;
}
