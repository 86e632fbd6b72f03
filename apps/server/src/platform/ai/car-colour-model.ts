/**
 * Colour models of the car-mask segmentation (car-mask.ts): a small Gaussian mixture over RGB, fitted to the
 * pixels of one side (car or background) by a few k-means rounds and then one pass of full-covariance statistics,
 * as GrabCut fits its models. Plain arrays, no model file: it learns each picture's own colours.
 */

/** Components per mixture: GrabCut's five, and one more for the car's glass, tyres and paint and their shading. */
export const MIXTURE_SIZE = 6;
const KMEANS_ROUNDS = 6;
/** Added to every covariance's diagonal (8-bit RGB units squared): JPEG noise, and flat studio walls. */
const MIN_VARIANCE = 9;

interface Component {
  weight: number;
  mean: [number, number, number];
  /** The inverse covariance, row by row, and the log of its determinant (for the log-likelihood). */
  inverse: Float64Array;
  logDet: number;
}

export interface ColourModel {
  components: Component[];
}

/** The inverse of a 3x3 matrix (row by row) by its cofactors, and its determinant. */
function invert3(m: Float64Array): { inverse: Float64Array; det: number } {
  const at = (r: number, c: number) => m[3 * (r % 3) + (c % 3)] ?? 0;
  // Cofactor of (r, c) by the cyclic rule: no sign to track.
  const cof = (r: number, c: number) => at(r + 1, c + 1) * at(r + 2, c + 2) - at(r + 1, c + 2) * at(r + 2, c + 1);
  const det = at(0, 0) * cof(0, 0) + at(0, 1) * cof(0, 1) + at(0, 2) * cof(0, 2);
  const inverse = new Float64Array(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) inverse[3 * r + c] = cof(c, r) / det;
  return { inverse, det };
}

/** Picks `k` starting centres spread over the samples (every n/k-th pixel of them sorted by brightness). */
function seeds(rgb: Uint8Array, idx: Int32Array, k: number): number[][] {
  const sorted = Array.from(idx).sort(
    (p, q) =>
      (rgb[3 * p] ?? 0) +
      (rgb[3 * p + 1] ?? 0) +
      (rgb[3 * p + 2] ?? 0) -
      ((rgb[3 * q] ?? 0) + (rgb[3 * q + 1] ?? 0) + (rgb[3 * q + 2] ?? 0)),
  );
  const out: number[][] = [];
  for (let j = 0; j < k; j++) {
    const p = sorted[Math.floor(((j + 0.5) * sorted.length) / k)] ?? 0;
    out.push([rgb[3 * p] ?? 0, rgb[3 * p + 1] ?? 0, rgb[3 * p + 2] ?? 0]);
  }
  return out;
}

function nearest(centres: readonly number[][], r: number, g: number, b: number): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let j = 0; j < centres.length; j++) {
    const c = centres[j] as number[];
    const d = (r - (c[0] ?? 0)) ** 2 + (g - (c[1] ?? 0)) ** 2 + (b - (c[2] ?? 0)) ** 2;
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  return best;
}

/** Fits a mixture to the pixels `idx` of `rgb` (3 bytes a pixel). Fewer pixels than components: one component. */
export function fitColourModel(rgb: Uint8Array, idx: Int32Array): ColourModel {
  const k = Math.max(1, Math.min(MIXTURE_SIZE, Math.floor(idx.length / 16)));
  const centres = seeds(rgb, idx, k);
  const label = new Int32Array(idx.length);
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let n = 0; n < idx.length; n++) {
      const p = idx[n] ?? 0;
      const r = rgb[3 * p] ?? 0;
      const g = rgb[3 * p + 1] ?? 0;
      const b = rgb[3 * p + 2] ?? 0;
      const j = nearest(centres, r, g, b);
      label[n] = j;
      const s = sums[j] as number[];
      s[0] = (s[0] ?? 0) + r;
      s[1] = (s[1] ?? 0) + g;
      s[2] = (s[2] ?? 0) + b;
      s[3] = (s[3] ?? 0) + 1;
    }
    sums.forEach((s, j) => {
      const count = s[3] ?? 0;
      if (count > 0) centres[j] = [(s[0] ?? 0) / count, (s[1] ?? 0) / count, (s[2] ?? 0) / count];
    });
  }
  const components: Component[] = [];
  for (let j = 0; j < k; j++) {
    const mean = centres[j] as [number, number, number];
    const cov = new Float64Array(9);
    let count = 0;
    for (let n = 0; n < idx.length; n++) {
      if (label[n] !== j) continue;
      const p = idx[n] ?? 0;
      const d = [(rgb[3 * p] ?? 0) - mean[0], (rgb[3 * p + 1] ?? 0) - mean[1], (rgb[3 * p + 2] ?? 0) - mean[2]];
      for (let u = 0; u < 3; u++)
        for (let v = 0; v < 3; v++) cov[3 * u + v] = (cov[3 * u + v] ?? 0) + (d[u] ?? 0) * (d[v] ?? 0);
      count += 1;
    }
    if (count === 0) continue;
    for (let u = 0; u < 9; u++) cov[u] = (cov[u] ?? 0) / count;
    for (let u = 0; u < 3; u++) cov[4 * u] = (cov[4 * u] ?? 0) + MIN_VARIANCE;
    const { inverse, det } = invert3(cov);
    components.push({ weight: count / idx.length, mean, inverse, logDet: Math.log(Math.max(det, 1e-9)) });
  }
  return { components };
}

/** Log-likelihood of one colour under the mixture (the best component's, as GrabCut assigns each pixel one). */
export function logLikelihood(model: ColourModel, r: number, g: number, b: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const c of model.components) {
    const d0 = r - c.mean[0];
    const d1 = g - c.mean[1];
    const d2 = b - c.mean[2];
    const m = c.inverse;
    const q =
      d0 * ((m[0] ?? 0) * d0 + (m[1] ?? 0) * d1 + (m[2] ?? 0) * d2) +
      d1 * ((m[3] ?? 0) * d0 + (m[4] ?? 0) * d1 + (m[5] ?? 0) * d2) +
      d2 * ((m[6] ?? 0) * d0 + (m[7] ?? 0) * d1 + (m[8] ?? 0) * d2);
    const ll = Math.log(c.weight) - 0.5 * c.logDet - 0.5 * q;
    if (ll > best) best = ll;
  }
  return best;
}
