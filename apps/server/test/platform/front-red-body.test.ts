import { describe, expect, it } from 'vitest';
import { tellEnds } from '../../src/platform/ai/front-detection.ts';
import { compareFaces, faceCues } from '../../src/platform/ai/front-red-body.ts';
import type { AnalysisImage } from '../../src/platform/media/media.ts';

/**
 * The red-body cue of front detection (platform/ai/front-red-body.ts) on drawn ends of a red car, 128x72 as the
 * detection reads them: a front shows white headlights in the lamp corners, a back red lamps like its body; both
 * carry a white plate in the middle, which the cue leaves out.
 */

const W = 128;
const H = 72;
type Rgb = readonly [number, number, number];
const RED_PAINT: Rgb = [200, 30, 35];

function picture(draw: (fill: (x0: number, x1: number, y0: number, y1: number, colour: Rgb) => void) => void) {
  const rgb = new Uint8Array(W * H * 3).fill(110);
  draw((x0, x1, y0, y1, colour) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(colour, 3 * (y * W + x));
  });
  return { width: W, height: H, rgb } satisfies AnalysisImage;
}

/** A red car's end: the body from x 40 to 88 and y 20 to 50, lamps of `lamp` colour in its corners, a plate. */
const end = (lamp: Rgb, backgroundRed = false) =>
  picture((fill) => {
    if (backgroundRed) fill(0, 6, 4, 24, RED_PAINT);
    fill(40, 88, 20, 50, RED_PAINT);
    fill(41, 50, 30, 36, lamp);
    fill(78, 87, 30, 36, lamp);
    fill(58, 70, 40, 45, [235, 235, 235]);
  });

describe('the red-body cue', () => {
  const front = faceCues(end([230, 232, 235]))!;
  const back = faceCues(end([150, 10, 20]))!;

  it('tells the end with headlights in its lamp corners from the end with red lamps, either way round', () => {
    expect(front.headlights).toBeGreaterThan(0.1);
    expect(back.headlights).toBe(0);
    expect(compareFaces(front, back).side).toBe(1);
    expect(compareFaces(back, front).side).toBe(-1);
  });

  it('says neither when both ends look alike or the cues disagree', () => {
    expect(compareFaces(back, back).side).toBe(0);
    // Dark headlight units: not red (a cue for the front), but nothing bright (no headlights seen): unsure.
    const dark = faceCues(end([30, 30, 32]))!;
    expect(compareFaces(dark, back).side).toBe(0);
  });

  it('keeps a red thing in the background out of the body, and sees no body without enough red', () => {
    expect(faceCues(end([230, 232, 235], true))).toEqual(front);
    expect(faceCues(picture((fill) => fill(40, 50, 20, 30, RED_PAINT)))).toBeNull();
  });

  it('decides two ends red all over by the headlights, even where the front shows more red than the back', () => {
    // The rear lamps' rule would call the redder end the back: here that is the front, its bonnet seen from above.
    expect(tellEnds({ red: 0.3, face: front }, { red: 0.1, face: back })).toEqual({
      firstIsFront: true,
      cue: 'headlights',
    });
    expect(tellEnds({ red: 0.3, face: back }, { red: 0.1, face: back })).toEqual({ unsure: 'red_body' });
    // Red only where the lamps are: the rear lamps' rule, as before.
    expect(tellEnds({ red: 0.001, face: null }, { red: 0.01, face: null })).toEqual({
      firstIsFront: true,
      cue: 'rear_lamps',
    });
  });
});
