import type { ModelPixels } from '../media/media.ts';
import { OCR_MODEL_FILES } from './ocr-models.ts';
import { floatTensor, runModel, sessionOf } from './onnx.ts';

/**
 * Text regions in a picture by PaddleOCR's DB detector (ocr-models.ts): the picture scaled so its longest side is
 * `side` (each side a multiple of 32, as the net's strides need), normalised as PaddleOCR trained it (BGR, ImageNet
 * mean and deviation), and the net's map of text likelihood turned into boxes the way PaddleOCR's DBPostProcess
 * does: pixels over THRESHOLD, joined into connected regions, each kept when its mean likelihood reaches
 * BOX_THRESHOLD, then grown by UNCLIP (the net marks the shrunk core of a text line). Boxes here are upright
 * rectangles: what a blur region is, and a plate seen on a spin is close to level.
 */

/** A text region in the pixels' space (the ModelPixels' width and height), with its mean likelihood. */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
}

/** PaddleOCR's defaults (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio). */
const THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP = 1.5;
/** A region smaller than this on a side (in the map's pixels) is noise. */
const MIN_SIDE = 3;

const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/** Bilinear sample of channel `c` of the pixels at (x, y) (pixel centres at whole numbers). */
export function sample(px: ModelPixels, x: number, y: number, c: number): number {
  const xc = Math.min(px.width - 1, Math.max(0, x));
  const yc = Math.min(px.height - 1, Math.max(0, y));
  const x0 = Math.floor(xc);
  const y0 = Math.floor(yc);
  const x1 = Math.min(px.width - 1, x0 + 1);
  const y1 = Math.min(px.height - 1, y0 + 1);
  const fx = xc - x0;
  const fy = yc - y0;
  const d = px.data;
  const w = px.width;
  const a = d[(y0 * w + x0) * 3 + c]!;
  const b = d[(y0 * w + x1) * 3 + c]!;
  const e = d[(y1 * w + x0) * 3 + c]!;
  const f = d[(y1 * w + x1) * 3 + c]!;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (e * (1 - fx) + f * fx) * fy;
}

const to32 = (v: number): number => Math.max(32, Math.round(v / 32) * 32);

/** The net's input: the pixels scaled to multiples of 32 (longest side about `side`), BGR planes, normalised. */
export function detectionInput(px: ModelPixels, side: number) {
  const scale = side / Math.max(px.width, px.height);
  const w = to32(px.width * scale);
  const h = to32(px.height * scale);
  const plane = w * h;
  const out = new Float32Array(plane * 3);
  const sx = px.width / w;
  const sy = px.height / h;
  for (let y = 0; y < h; y++) {
    const srcY = (y + 0.5) * sy - 0.5;
    for (let x = 0; x < w; x++) {
      const srcX = (x + 0.5) * sx - 0.5;
      for (let c = 0; c < 3; c++) {
        // Plane 0 is blue: PaddleOCR reads pictures with OpenCV, in BGR order, and normalises in that order.
        const v = sample(px, srcX, srcY, 2 - c) / 255;
        out[c * plane + y * w + x] = (v - MEAN[c]!) / STD[c]!;
      }
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * DB post-processing of a likelihood map (`width` x `height`): connected regions of pixels over THRESHOLD
 * (8-neighbours), each as its bounding box, kept when its mean likelihood reaches BOX_THRESHOLD, grown by
 * area * UNCLIP / perimeter on every side, in the map's pixels.
 */
export function boxesOfMap(map: Float32Array, width: number, height: number): TextBox[] {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const boxes: TextBox[] = [];
  for (let start = 0; start < map.length; start++) {
    if (seen[start] || map[start]! <= THRESHOLD) continue;
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    let sum = 0;
    let count = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      sum += map[i]!;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (!seen[j] && map[j]! > THRESHOLD) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (Math.min(w, h) < MIN_SIDE) continue;
    const score = sum / count;
    if (score < BOX_THRESHOLD) continue;
    const grow = (w * h * UNCLIP) / (2 * (w + h));
    boxes.push({
      x0: Math.max(0, x0 - grow),
      y0: Math.max(0, y0 - grow),
      x1: Math.min(width, x1 + 1 + grow),
      y1: Math.min(height, y1 + 1 + grow),
      score,
    });
  }
  return boxes;
}

/** The text regions of the pixels, in the pixels' own space, the detector run at `side` on the longest side. */
export async function detectText(px: ModelPixels, side: number): Promise<TextBox[]> {
  const session = await sessionOf(OCR_MODEL_FILES.detection);
  const input = detectionInput(px, side);
  const output = await runModel(session, floatTensor(input.data, [1, 3, input.height, input.width]));
  const mapHeight = output.dims[2] ?? input.height;
  const mapWidth = output.dims[3] ?? input.width;
  const sx = px.width / mapWidth;
  const sy = px.height / mapHeight;
  return boxesOfMap(output.data, mapWidth, mapHeight).map((b) => ({
    x0: b.x0 * sx,
    y0: b.y0 * sy,
    x1: b.x1 * sx,
    y1: b.y1 * sy,
    score: b.score,
  }));
}
