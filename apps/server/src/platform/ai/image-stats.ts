import type { AnalysisImage } from '../media/media.ts';

/**
 * Measurable statistics of small pictures (platform/media analysisImage), for choosing and weeding frames without a
 * model: sharpness (blur), spread (an empty or flat frame), likeness of two frames (a duplicate). Each is a plain
 * number; the thresholds that turn them into decisions live with their users and are measured in docs/operations.md.
 */

/** Gray levels 0..255 of the picture, row by row. */
export function grayOf(image: AnalysisImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    out[i] =
      0.299 * (image.rgb[3 * i] ?? 0) + 0.587 * (image.rgb[3 * i + 1] ?? 0) + 0.114 * (image.rgb[3 * i + 2] ?? 0);
  }
  return out;
}

/**
 * Sharpness: the variance of the Laplacian of the gray picture (the usual focus measure). A blurred frame loses its
 * fine edges, so its value drops well below its sharp neighbours' at the same size; compare frames of one spin at
 * one size, never across sizes.
 */
export function sharpness(image: AnalysisImage): number {
  const { width, height } = image;
  const gray = grayOf(image);
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap =
        (gray[i - 1] ?? 0) + (gray[i + 1] ?? 0) + (gray[i - width] ?? 0) + (gray[i + width] ?? 0) - 4 * (gray[i] ?? 0);
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Standard deviation of the gray levels: near 0 for a black, white or one-colour (empty) frame. */
export function spread(image: AnalysisImage): number {
  const gray = grayOf(image);
  let sum = 0;
  for (const v of gray) sum += v;
  const mean = sum / Math.max(1, gray.length);
  let sq = 0;
  for (const v of gray) sq += (v - mean) ** 2;
  return Math.sqrt(sq / Math.max(1, gray.length));
}

/** Mean absolute difference of the gray levels of two pictures of the same size (0 for the same picture). */
export function difference(a: AnalysisImage, b: AnalysisImage): number {
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  const ga = grayOf(a);
  const gb = grayOf(b);
  let sum = 0;
  for (let i = 0; i < ga.length; i++) sum += Math.abs((ga[i] ?? 0) - (gb[i] ?? 0));
  return sum / Math.max(1, ga.length);
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
