import type { Media } from '../media/media.ts';
import { type FractionBox, hasPlateShape, plateAround, readsLikePlate } from './plate-rules.ts';
import { detectText, type TextBox } from './text-detection.ts';
import { readTexts } from './text-recognition.ts';

/**
 * The `PlateDetector` port: the licence plates of one picture, as boxes the blur regions take (fractions of the
 * picture). The default adapter (`ocrPlateDetector`) finds text with PaddleOCR's detector, keeps the lines shaped
 * and placed like a plate's characters, reads each with PaddleOCR's recogniser and keeps those that read like a
 * plate number (plate-rules.ts). Everything runs on this machine's CPU from npm packages: nothing leaves the server.
 */

export interface PlateDetection {
  /** The plate (its characters' line grown to the plate round them), fractions of the picture. */
  box: FractionBox;
  /** What was read on it, for logs and the benchmark (never stored: a plate number is personal data). */
  text: string;
  /** The recogniser's mean probability of the characters read. */
  confidence: number;
}

export interface PlateDetector {
  /** The plates of a picture (a buffer or a file path); rejects for bytes that are no picture. */
  detect(image: Buffer | string): Promise<PlateDetection[]>;
}

export interface OcrPlateDetectorOptions {
  /** The longest side the text detector sees the picture at (multiples of 32 follow). */
  detectionSide?: number;
}

/**
 * 960 px finds the 6-character line of a plate that is 5 % of a 1080p frame wide; smaller sides lose the plates of
 * cars seen from afar first. docs/operations.md, "Plate blur", has the figures.
 */
export const DEFAULT_DETECTION_SIDE = 960;
/**
 * The pixels the models read from: a 1080p frame at two thirds, which keeps a plate's characters 20 px high or
 * more for the recogniser and costs a third of the decoding and cutting of the whole frame.
 */
const PIXELS_SIDE = 1280;
/** Frames are at most 4K; anything far above is no frame of ours. */
const MAX_INPUT_PIXELS = 40_000_000;

const toFraction = (b: TextBox, width: number, height: number): FractionBox => ({
  x: b.x0 / width,
  y: b.y0 / height,
  w: (b.x1 - b.x0) / width,
  h: (b.y1 - b.y0) / height,
});

const area = (b: FractionBox) => b.w * b.h;

function overlap(a: FractionBox, b: FractionBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Plates that overlap much (two lines of one plate) made one: their union, the better reading kept. */
function mergeOverlapping(found: PlateDetection[]): PlateDetection[] {
  const out: PlateDetection[] = [];
  for (const next of [...found].sort((a, b) => b.confidence - a.confidence)) {
    const same = out.find((p) => overlap(p.box, next.box) > 0.3 * Math.min(area(p.box), area(next.box)));
    if (!same) {
      out.push(next);
      continue;
    }
    const x = Math.min(same.box.x, next.box.x);
    const y = Math.min(same.box.y, next.box.y);
    same.box = {
      x,
      y,
      w: Math.max(same.box.x + same.box.w, next.box.x + next.box.w) - x,
      h: Math.max(same.box.y + same.box.h, next.box.y + next.box.h) - y,
    };
  }
  return out;
}

/**
 * Two lines side by side on one text line (their heights alike, overlapping mostly, apart by less than a
 * character's height) as one: a plate whose characters a picture splits in two groups (a Florida plate's orange
 * between "383" and "WJP") is detected as two short lines, neither a plate's length alone.
 */
export function sameLinePairs(lines: readonly TextBox[]): TextBox[] {
  const out: TextBox[] = [];
  for (const a of lines) {
    for (const b of lines) {
      if (b.x0 <= a.x0) continue;
      const ha = a.y1 - a.y0;
      const hb = b.y1 - b.y0;
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      const gap = b.x0 - a.x1;
      if (overlap < 0.6 * Math.min(ha, hb) || Math.max(ha, hb) > 1.5 * Math.min(ha, hb)) continue;
      if (gap > 1.2 * Math.max(ha, hb)) continue;
      out.push({
        x0: a.x0,
        y0: Math.min(a.y0, b.y0),
        x1: Math.max(a.x1, b.x1),
        y1: Math.max(a.y1, b.y1),
        score: Math.min(a.score, b.score),
      });
    }
  }
  return out;
}

/** The default adapter: PaddleOCR's text detector and recogniser, and the plate rules. */
export function ocrPlateDetector(media: Pick<Media, 'modelPixels'>, options: OcrPlateDetectorOptions = {}) {
  const side = options.detectionSide ?? DEFAULT_DETECTION_SIDE;
  return {
    async detect(image: Buffer | string): Promise<PlateDetection[]> {
      const px = await media.modelPixels(image, { maxSide: PIXELS_SIDE, maxInputPixels: MAX_INPUT_PIXELS });
      const lines = await detectText(px, side);
      const pictureAspect = px.width / px.height;
      // The recogniser is the dearer model: only lines shaped and placed like a plate's are read, all at once.
      const candidates = [...lines, ...sameLinePairs(lines)].filter((line) =>
        hasPlateShape(toFraction(line, px.width, px.height), pictureAspect),
      );
      const reads = await readTexts(px, candidates);
      const found: PlateDetection[] = [];
      candidates.forEach((line, i) => {
        const read = reads[i]!;
        if (!readsLikePlate(read.text, read.confidence)) return;
        found.push({
          box: plateAround(toFraction(line, px.width, px.height)),
          text: read.text,
          confidence: read.confidence,
        });
      });
      return mergeOverlapping(found);
    },
  } satisfies PlateDetector;
}
