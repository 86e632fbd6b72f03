import type { ModelPixels } from '../media/media.ts';
import { OCR_MODEL_FILES, recognitionClasses } from './ocr-models.ts';
import { floatTensor, runModel, sessionOf } from './onnx.ts';
import { sample, type TextBox } from './text-detection.ts';

/**
 * What one text region says, by PaddleOCR's recogniser (ocr-models.ts): the region cut from the pixels, scaled to
 * 48 px high (its width in proportion, at most MAX_WIDTH), normalised to -1..1 in BGR order as PaddleOCR trained
 * it, and the net's per-column classes read by CTC's greedy rule (the best class per column, repeats joined,
 * blanks dropped).
 */

export interface ReadText {
  text: string;
  /** Mean probability of the characters read (0 when none). */
  confidence: number;
}

const HEIGHT = 48;
/** PaddleOCR's rec_image_shape width: a plate's line fits well inside. */
const MAX_WIDTH = 320;
const MIN_WIDTH = 16;

/** The region's width once scaled to 48 px high (MIN_WIDTH..MAX_WIDTH). */
function scaledWidth(box: TextBox): number {
  const bw = Math.max(1, box.x1 - box.x0);
  const bh = Math.max(1, box.y1 - box.y0);
  return Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.round((HEIGHT * bw) / bh)));
}

/**
 * Regions' pixels as one batch of the recogniser's input, 48 high and `width` wide each: each region scaled to its
 * own width and the rest left 0 (mid grey once normalised), as PaddleOCR pads a batch.
 */
export function recognitionInput(px: ModelPixels, boxes: readonly TextBox[]) {
  const width = Math.max(MIN_WIDTH, ...boxes.map(scaledWidth));
  const plane = width * HEIGHT;
  const out = new Float32Array(boxes.length * plane * 3);
  boxes.forEach((box, b) => {
    const own = scaledWidth(box);
    const sx = Math.max(1, box.x1 - box.x0) / own;
    const sy = Math.max(1, box.y1 - box.y0) / HEIGHT;
    const base = b * plane * 3;
    for (let y = 0; y < HEIGHT; y++) {
      const srcY = box.y0 + (y + 0.5) * sy - 0.5;
      for (let x = 0; x < own; x++) {
        const srcX = box.x0 + (x + 0.5) * sx - 0.5;
        for (let c = 0; c < 3; c++) {
          out[base + c * plane + y * width + x] = sample(px, srcX, srcY, 2 - c) / 127.5 - 1;
        }
      }
    }
  });
  return { data: out, width };
}

/** CTC's greedy reading of `steps` columns of `classes` probabilities each. */
export function ctcGreedy(probs: Float32Array, steps: number, classes: readonly string[]): ReadText {
  const n = classes.length;
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    const row = t * n;
    for (let k = 0; k < n; k++) {
      const p = probs[row + k]!;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best !== 0 && best !== previous) {
      text += classes[best] ?? '';
      sum += bestP;
      count++;
    }
    previous = best;
  }
  return { text, confidence: count === 0 ? 0 : sum / count };
}

/** What each region of the pixels says, in the regions' order (one run of the recogniser for all). */
export async function readTexts(px: ModelPixels, boxes: readonly TextBox[]): Promise<ReadText[]> {
  if (boxes.length === 0) return [];
  const session = await sessionOf(OCR_MODEL_FILES.recognition);
  const classes = recognitionClasses();
  const input = recognitionInput(px, boxes);
  const output = await runModel(session, floatTensor(input.data, [boxes.length, 3, HEIGHT, input.width]));
  const steps = output.dims[1] ?? 0;
  const width = output.dims[2] ?? classes.length;
  if (width !== classes.length) {
    throw new Error(`The recogniser answers ${width} classes, the dictionary has ${classes.length}.`);
  }
  const each = steps * width;
  return boxes.map((_, b) => ctcGreedy(output.data.subarray(b * each, (b + 1) * each), steps, classes));
}
