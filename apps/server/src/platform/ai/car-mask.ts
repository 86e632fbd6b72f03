import type { AnalysisImage, Media } from '../media/media.ts';
import { type ColourModel, fitColourModel, logLikelihood } from './car-colour-model.ts';
import { softEdge } from './car-edge.ts';
import { dropFloor } from './car-floor.ts';

/**
 * The car told from its background on one frame, without a model (issue 23, point 2; docs/decisions.md "Car mask"):
 * no npm package ships the weights of a segmentation or detection model that knows cars under a licence that fits
 * (the search is in docs/architecture.md, "AI options"). So this is GrabCut's method, written here: a frame of a
 * walk-around or a dealer's photo has the car in its middle and only background along its edges, so
 * 1. a band along the frame's edges is background for sure, everything inside it may be car;
 * 2. a colour model of each side (car-colour-model.ts) is fitted, each pixel weighed by which model explains its
 *    colour better, plus a mild pull towards the middle;
 * 3. neighbours agree unless an edge of colour runs between them (a mean-field pass of GrabCut's smoothness term);
 * 4. the models are fitted again on the new sides, a few rounds;
 * 5. the floor and the shadow the car casts on it, which the models give to the car (a shadow is the floor's colour,
 *    darker, as a white car's flank is), are given back to the background (car-floor.ts);
 * 6. the largest piece is kept and its holes filled (glass that shows the sky behind is still car), and its outline
 *    keeps only the car's share of each pixel (car-edge.ts), so no rim of the studio comes along onto a new picture.
 *
 * What it cannot do, said as it is (figures in docs/operations.md, "Car mask"): a background of the car's own
 * colours (a grey car before a grey wall, a white car before a light grey wall) leaks into the car or takes pieces
 * of it; the dark shadow where the tyres touch the floor stays with the car (so the car stands on the new picture);
 * a car cut off by the frame's edge loses that edge (the band there is taken as background); a second car or a
 * person in the middle of the frame is taken as part of the car. It is a measure of the picture, not an
 * understanding of it.
 */

export interface CarMask {
  width: number;
  height: number;
  /** width*height bytes, 255 on the car, 0 on the background, between on the outline (the car's share of a pixel). */
  alpha: Uint8Array;
  /** The car's bounding box as fractions of the frame (x, y its top-left corner); absent when nothing was found. */
  box: { x: number; y: number; w: number; h: number } | undefined;
  /** Share of the frame the car covers (0..1). */
  area: number;
}

/** Width the frames are segmented at (Media.analysisImage): a 1080p frame at 5.0x, edges feathered when applied. */
export const CAR_MASK_WIDTH = 320;
/** The sure-background band along each edge, as a share of the shorter side. */
const BORDER_SHARE = 0.035;
const ROUNDS = 4;
const SMOOTHING_PASSES = 5;
/** Weight of a neighbour's vote (GrabCut's gamma, scaled to the mean-field update). */
const SMOOTHNESS = 1.6;
/** The pull towards the middle at its strongest (log-odds), fading to a push at the corners. */
const CENTRE_PRIOR = 1.2;
/** Pixels sampled to fit a colour model (every n-th pixel of a side): enough for six components. */
const MODEL_SAMPLES = 6000;
/** A car smaller than this share of the frame is no car found. */
const MIN_AREA = 0.02;

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, v))));

/** A byte per pixel from `f`, by a plain loop: a typed array's from() with a mapping function is many times slower. */
function bytes(length: number, f: (p: number) => number): Uint8Array {
  const out = new Uint8Array(length);
  for (let p = 0; p < length; p++) out[p] = f(p);
  return out;
}

/** Every n-th index of `on` pixels, at most MODEL_SAMPLES. */
function sample(labels: Uint8Array, on: number): Int32Array {
  let count = 0;
  for (let p = 0; p < labels.length; p++) if (labels[p] === on) count += 1;
  const step = Math.max(1, Math.floor(count / MODEL_SAMPLES));
  const out: number[] = [];
  let seen = 0;
  for (let p = 0; p < labels.length; p++) {
    if (labels[p] !== on) continue;
    if (seen % step === 0) out.push(p);
    seen += 1;
  }
  return Int32Array.from(out);
}

/** Contrast weights to the right and below neighbour (GrabCut's exp(-beta |dI|^2), beta from the mean contrast). */
function contrastWeights(image: AnalysisImage): { right: Float32Array; down: Float32Array } {
  const { width, height, rgb } = image;
  const diff = (p: number, q: number) =>
    ((rgb[3 * p] ?? 0) - (rgb[3 * q] ?? 0)) ** 2 +
    ((rgb[3 * p + 1] ?? 0) - (rgb[3 * q + 1] ?? 0)) ** 2 +
    ((rgb[3 * p + 2] ?? 0) - (rgb[3 * q + 2] ?? 0)) ** 2;
  const right = new Float32Array(width * height);
  const down = new Float32Array(width * height);
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x + 1 < width) {
        right[p] = diff(p, p + 1);
        sum += right[p] ?? 0;
        n += 1;
      }
      if (y + 1 < height) {
        down[p] = diff(p, p + width);
        sum += down[p] ?? 0;
        n += 1;
      }
    }
  }
  const beta = 1 / (2 * Math.max(1, sum / Math.max(1, n)));
  for (let p = 0; p < right.length; p++) {
    right[p] = Math.exp(-beta * (right[p] ?? 0));
    down[p] = Math.exp(-beta * (down[p] ?? 0));
  }
  return { right, down };
}

/** Log-odds car against background of each pixel from the two colour models and the centre prior. */
function dataTerm(image: AnalysisImage, car: ColourModel, ground: ColourModel, prior: Float32Array): Float32Array {
  const { rgb } = image;
  const out = new Float32Array(image.width * image.height);
  for (let p = 0; p < out.length; p++) {
    const r = rgb[3 * p] ?? 0;
    const g = rgb[3 * p + 1] ?? 0;
    const b = rgb[3 * p + 2] ?? 0;
    const d = logLikelihood(car, r, g, b) - logLikelihood(ground, r, g, b);
    out[p] = Math.max(-12, Math.min(12, d)) + (prior[p] ?? 0);
  }
  return out;
}

/** The mean-field passes: each pixel's odds plus its neighbours' votes, weighted by how alike their colours are. */
function smooth(image: AnalysisImage, data: Float32Array, sure: Uint8Array, w: ReturnType<typeof contrastWeights>) {
  const { width, height } = image;
  let q = new Float32Array(data.length);
  for (let p = 0; p < q.length; p++) q[p] = sigmoid(data[p] ?? 0);
  for (let pass = 0; pass < SMOOTHING_PASSES; pass++) {
    const next = new Float32Array(q.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        if (sure[p]) continue;
        let field = data[p] ?? 0;
        if (x > 0) field += SMOOTHNESS * (w.right[p - 1] ?? 0) * (2 * (q[p - 1] ?? 0) - 1);
        if (x + 1 < width) field += SMOOTHNESS * (w.right[p] ?? 0) * (2 * (q[p + 1] ?? 0) - 1);
        if (y > 0) field += SMOOTHNESS * (w.down[p - width] ?? 0) * (2 * (q[p - width] ?? 0) - 1);
        if (y + 1 < height) field += SMOOTHNESS * (w.down[p] ?? 0) * (2 * (q[p + width] ?? 0) - 1);
        next[p] = sigmoid(field);
      }
    }
    q = next;
  }
  return q;
}

/** 4-connected pieces of `value` pixels: the piece number of each pixel (-1 for others) and each piece's size. */
export function pieces(labels: Uint8Array, width: number, height: number, value: number) {
  const id = new Int32Array(labels.length).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== value || id[start] !== -1) continue;
    const piece = sizes.length;
    let size = 0;
    id[start] = piece;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      size += 1;
      const x = p % width;
      const y = (p - x) / width;
      const around = [
        x > 0 ? p - 1 : -1,
        x + 1 < width ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y + 1 < height ? p + width : -1,
      ];
      for (const q of around) {
        if (q >= 0 && labels[q] === value && id[q] === -1) {
          id[q] = piece;
          stack.push(q);
        }
      }
    }
    sizes.push(size);
  }
  return { id, sizes };
}

/** Keeps the largest car piece and fills the background pieces that do not reach the frame's edge. */
function tidy(labels: Uint8Array, width: number, height: number): Uint8Array {
  const car = pieces(labels, width, height, 1);
  const largest = car.sizes.indexOf(Math.max(0, ...car.sizes));
  const kept = bytes(labels.length, (p) => (car.id[p] === largest && largest >= 0 ? 1 : 0));
  const ground = pieces(kept, width, height, 0);
  const open = new Set<number>();
  for (let x = 0; x < width; x++) {
    open.add(ground.id[x] ?? -1);
    open.add(ground.id[(height - 1) * width + x] ?? -1);
  }
  for (let y = 0; y < height; y++) {
    open.add(ground.id[y * width] ?? -1);
    open.add(ground.id[y * width + width - 1] ?? -1);
  }
  return bytes(kept.length, (p) => (kept[p] === 1 || !open.has(ground.id[p] ?? -1) ? 1 : 0));
}

function boxOf(labels: Uint8Array, width: number, height: number): CarMask['box'] {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < labels.length; p++) {
    if (!labels[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  if (x1 < 0) return undefined;
  return { x: x0 / width, y: y0 / height, w: (x1 + 1 - x0) / width, h: (y1 + 1 - y0) / height };
}

/** The sure-background band (1) and the centre prior (log-odds) of a width x height frame. */
function layout(width: number, height: number) {
  const band = Math.max(2, Math.round(BORDER_SHARE * Math.min(width, height)));
  const sure = new Uint8Array(width * height);
  const prior = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x < band || y < band || x >= width - band || y >= height - band) sure[p] = 1;
      const dx = (x + 0.5) / width - 0.5;
      const dy = (y + 0.5) / height - 0.55;
      prior[p] = CENTRE_PRIOR * (1 - 2 * Math.min(1, (dx / 0.5) ** 2 + (dy / 0.5) ** 2));
    }
  }
  return { sure, prior, band };
}

/** The car of one frame (a small RGB picture from Media.analysisImage). Deterministic: the same frame, the same mask. */
export function segmentCar(image: AnalysisImage): CarMask {
  const { width, height } = image;
  const { sure, prior, band } = layout(width, height);
  const weights = contrastWeights(image);
  let labels = bytes(sure.length, (p) => (sure[p] ? 0 : 1));
  for (let round = 0; round < ROUNDS; round++) {
    const carSamples = sample(labels, 1);
    if (carSamples.length < 16) break;
    const car = fitColourModel(image.rgb, carSamples);
    const ground = fitColourModel(image.rgb, sample(labels, 0));
    const q = smooth(image, dataTerm(image, car, ground, prior), sure, weights);
    labels = bytes(q.length, (p) => (!sure[p] && (q[p] ?? 0) > 0.5 ? 1 : 0));
  }
  labels = dropFloor(image, labels, band);
  labels = tidy(labels, width, height);
  let count = 0;
  for (const v of labels) count += v;
  const area = count / labels.length;
  if (area < MIN_AREA) return { width, height, alpha: new Uint8Array(labels.length), box: undefined, area: 0 };
  return { width, height, alpha: softEdge(image, labels), box: boxOf(labels, width, height), area };
}

/** The car of a picture (bytes or a file path), read at CAR_MASK_WIDTH through the Media interface. */
export async function carMaskOf(media: Pick<Media, 'analysisImage'>, input: Buffer | string): Promise<CarMask> {
  return segmentCar(await media.analysisImage(input, CAR_MASK_WIDTH));
}
