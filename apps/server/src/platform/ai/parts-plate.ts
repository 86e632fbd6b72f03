import type { Media } from '../media/media.ts';
import { type FractionBox, hasPlateShape, plateAround } from './plate-rules.ts';
import { detectText } from './text-detection.ts';

/**
 * The plate of a car's front frame as the headlights' anchor (parts-headlights.ts): the text detector's lines shaped
 * and placed like a plate's characters (plate-rules.ts), the one nearest the picture's middle, grown to the plate
 * round it. Nothing is read: a front badge where the plate would be (a showroom car) anchors the lamps as well, and
 * the recogniser, the dearer model, is not needed to know where the plate sits.
 */

/** The side the detector sees the frame at, as the plate blur's (plate-detector.ts). */
const DETECTION_SIDE = 960;
const PIXELS_SIDE = 1280;
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_PLATE_ASPECT = 1.8;

export async function plateAnchor(
  media: Pick<Media, 'modelPixels'>,
  image: Buffer | string,
): Promise<FractionBox | null> {
  const px = await media.modelPixels(image, { maxSide: PIXELS_SIDE, maxInputPixels: MAX_INPUT_PIXELS });
  const lines = await detectText(px, DETECTION_SIDE);
  const aspect = px.width / px.height;
  const boxes = lines
    .map((b) => ({
      x: b.x0 / px.width,
      y: b.y0 / px.height,
      w: (b.x1 - b.x0) / px.width,
      h: (b.y1 - b.y0) / px.height,
    }))
    .filter((box) => hasPlateShape(box, aspect));
  const off = (b: FractionBox) => Math.abs(b.x + b.w / 2 - 0.5);
  const nearest = boxes.sort((a, b) => off(a) - off(b))[0];
  if (!nearest) return null;
  const plate = plateAround(nearest);
  // A plate is at least this much wider than high in pixels; a squarer box is a badge, a lamp's detail, a sticker.
  return (plate.w * px.width) / (plate.h * px.height) >= MIN_PLATE_ASPECT ? plate : null;
}
