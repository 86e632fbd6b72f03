import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPlateDetector } from '../../src/platform/ai/index.ts';
import { type PlateDetector, sameLinePairs } from '../../src/platform/ai/plate-detector.ts';
import { hasPlateShape, plateAround, readsLikePlate } from '../../src/platform/ai/plate-rules.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { carPhotoWithPlate, PHOTO_PLATE, spinFrameWithoutPlate } from '../helpers/plate-photos.ts';

/**
 * The plate detector on real photographs (helpers/plate-photos.ts): PaddleOCR's models through onnxruntime-node,
 * loaded once for the file (the process's shared detector), and the plate rules.
 */

let detector: PlateDetector;
let withPlate: string;

beforeAll(async () => {
  detector = defaultPlateDetector(createMedia());
  withPlate = await carPhotoWithPlate();
});

const overlapOfPlate = (box: { x: number; y: number; w: number; h: number }) => {
  const w = Math.min(box.x + box.w, PHOTO_PLATE.x + PHOTO_PLATE.w) - Math.max(box.x, PHOTO_PLATE.x);
  const h = Math.min(box.y + box.h, PHOTO_PLATE.y + PHOTO_PLATE.h) - Math.max(box.y, PHOTO_PLATE.y);
  return w > 0 && h > 0 ? (w * h) / (PHOTO_PLATE.w * PHOTO_PLATE.h) : 0;
};

describe('the plate detector on real photographs', () => {
  it('finds the plate of a car photographed from the front, and only it (not the photographer’s credit)', async () => {
    const plates = await detector.detect(await readFile(withPlate));
    expect(plates).toHaveLength(1);
    const [plate] = plates;
    // The box covers the plate's characters: most of the plate, and not much more than it.
    expect(overlapOfPlate(plate!.box)).toBeGreaterThan(0.6);
    expect(plate!.box.w * plate!.box.h).toBeLessThan(3 * PHOTO_PLATE.w * PHOTO_PLATE.h);
  });

  it('finds nothing on a real car without a plate, badges and model name notwithstanding (side, back, front)', async () => {
    for (const frame of [1, 18, 45]) {
      expect(await detector.detect(spinFrameWithoutPlate(frame)), `frame ${frame}`).toEqual([]);
    }
  });
});

describe('what a plate looks like', () => {
  it('reads like a plate: letters and digits of a plate’s length, or capitals that are no make or model', () => {
    expect(readsLikePlate('4S5 0233', 0.99)).toBe(true);
    expect(readsLikePlate('YG9-X2G', 0.8)).toBe(true);
    expect(readsLikePlate('さ 12-34', 0.9)).toBe(true);
    expect(readsLikePlate('FZRULZ', 0.9)).toBe(true);
    expect(readsLikePlate('1T4:3213', 0.9)).toBe(true);
    // Badges, model names, phone numbers, dates, words in small letters, a poor reading.
    expect(readsLikePlate('CIVIC', 0.99)).toBe(false);
    expect(readsLikePlate('civic', 0.99)).toBe(false);
    expect(readsLikePlate('TOYOTA', 0.99)).toBe(false);
    expect(readsLikePlate('314-845-5900', 0.99)).toBe(false);
    expect(readsLikePlate('2014-06-17 14:20:16', 0.99)).toBe(false);
    expect(readsLikePlate('2014-04-23', 0.99)).toBe(false);
    expect(readsLikePlate('2014:05:03', 0.99)).toBe(false);
    expect(readsLikePlate('Metro', 0.99)).toBe(false);
    expect(readsLikePlate('4S5 0233', 0.3)).toBe(false);
  });

  it('has a plate’s shape and place: a line wider than high, of a plate’s size, low on the car', () => {
    const line = { x: 0.4, y: 0.6, w: 0.1, h: 0.04 };
    expect(hasPlateShape(line, 16 / 9)).toBe(true);
    expect(hasPlateShape({ ...line, y: 0.05 }, 16 / 9)).toBe(false);
    expect(hasPlateShape({ ...line, w: 0.02, h: 0.2 }, 16 / 9)).toBe(false);
    expect(hasPlateShape({ ...line, w: 0.9 }, 16 / 9)).toBe(false);
    const plate = plateAround(line);
    expect(plate.x).toBeLessThan(line.x);
    expect(plate.y + plate.h).toBeGreaterThan(line.y + line.h);
  });

  it('joins two short lines side by side on one line (a plate split by its picture), not lines above each other', () => {
    const left = { x0: 100, y0: 50, x1: 130, y1: 70, score: 0.9 };
    const right = { x0: 140, y0: 51, x1: 172, y1: 71, score: 0.8 };
    const below = { x0: 100, y0: 80, x1: 170, y1: 95, score: 0.9 };
    const far = { x0: 200, y0: 50, x1: 230, y1: 70, score: 0.9 };
    // `far` is more than a character's height and a fifth past `right`: a word of its own.
    expect(sameLinePairs([left, right, below, far])).toEqual([{ x0: 100, y0: 50, x1: 172, y1: 71, score: 0.8 }]);
  });
});
