import sharp from 'sharp';
import { CAR_MASK_WIDTH, type CarMask } from '../apps/server/src/platform/ai/car-mask.ts';

/**
 * The true masks bench/car-mask.ts scores the car mask against, and the pictures it segments: hand-drawn outlines of
 * opencv@7.0.0's two street photos, and the cut-outs' alpha of threesixty-slider's real spin (the car, or the car and
 * the shadow it casts).
 */

/** Hand-drawn outlines of the two photos, in pixels of the photo shrunk to 800 wide (car1 800x531, car2 800x500). */
const OUTLINES: Record<string, [number, number][]> = {
  'car1.jpg': [
    [40, 330],
    [38, 300],
    [48, 265],
    [70, 245],
    [110, 232],
    [175, 222],
    [240, 212],
    [270, 200],
    [310, 178],
    [350, 163],
    [420, 155],
    [500, 155],
    [560, 163],
    [600, 185],
    [650, 205],
    [715, 220],
    [730, 235],
    [745, 275],
    [745, 315],
    [735, 335],
    [660, 338],
    [645, 368],
    [560, 370],
    [548, 342],
    [222, 340],
    [198, 362],
    [120, 366],
    [100, 342],
    [45, 338],
  ],
  'car2.jpg': [
    [80, 335],
    [78, 295],
    [88, 262],
    [100, 240],
    [140, 232],
    [190, 212],
    [240, 195],
    [300, 183],
    [370, 180],
    [430, 183],
    [480, 200],
    [530, 225],
    [560, 238],
    [640, 250],
    [700, 262],
    [725, 278],
    [738, 310],
    [735, 345],
    [700, 352],
    [685, 356],
    [670, 380],
    [590, 382],
    [575, 360],
    [270, 360],
    [255, 386],
    [175, 388],
    [160, 360],
    [150, 350],
    [90, 345],
  ],
};

export interface Truth {
  width: number;
  height: number;
  /** 1 on the car. */
  on: Uint8Array;
}

export async function polygonTruth(name: string, width: number, height: number): Promise<Truth> {
  const points = (OUTLINES[name] ?? []).map(([x, y]) => `${(x * width) / 800},${(y * width) / 800}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/><polygon points="${points}" fill="white"/></svg>`;
  const data = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  return { width, height, on: Uint8Array.from(data, (v) => (v > 127 ? 1 : 0)) };
}

/**
 * A cut-out's opaque part at `width`, holes (the glass) filled: what a person would outline as the car (alpha at
 * least 230); with `shadow` (alpha at least 20), the car with the shadow it casts on the floor.
 */
export async function alphaTruth(file: string, width: number, shadow = false): Promise<Truth> {
  const { data, info } = await sharp(file)
    .resize({ width })
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask: CarMask = { width: info.width, height: info.height, alpha: data, box: undefined, area: 0 };
  const on = Uint8Array.from(mask.alpha, (v) => (v >= (shadow ? 20 : 230) ? 1 : 0));
  return { width: info.width, height: info.height, on: fillHoles(on, info.width, info.height) };
}

export function fillHoles(on: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(on.length);
  const stack: number[] = [];
  const push = (p: number) => {
    if (!on[p] && !outside[p]) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x + 1 < width) push(p + 1);
    if (p >= width) push(p - width);
    if (p + width < on.length) push(p + width);
  }
  return Uint8Array.from(outside, (v) => (v ? 0 : 1));
}

export function iou(mask: CarMask, truth: Truth): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < truth.on.length; p++) {
    const a = (mask.alpha[p] ?? 0) >= 128 ? 1 : 0;
    const b = truth.on[p] ?? 0;
    both += a & b;
    either += a | b;
  }
  return either === 0 ? 1 : both / either;
}

/**
 * The picture at the mask's width, flattened on white or laid on `background`; with `paint`, the cut-out's opaque
 * part (the car, alpha at least 200) has its channels multiplied by it first: the same real car painted another
 * colour (composed).
 */
export async function pixels(input: Buffer | string, background?: Buffer, paint?: readonly number[]) {
  let image = sharp(input).resize({ width: CAR_MASK_WIDTH, kernel: 'cubic' });
  if (paint) {
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let p = 0; p < info.width * info.height; p++) {
      if ((data[4 * p + 3] ?? 0) < 200) continue;
      for (let c = 0; c < 3; c++) data[4 * p + c] = Math.round((data[4 * p + c] ?? 0) * (paint[c] ?? 1));
    }
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  }
  if (background) {
    const meta = await image.clone().png().toBuffer({ resolveWithObject: true });
    const under = await sharp(background).resize(meta.info.width, meta.info.height, { fit: 'cover' }).toBuffer();
    image = sharp(under).composite([{ input: meta.data }]);
  }
  const { data, info } = await image
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: new Uint8Array(data) };
}

/** The median colour of the frame's outer 4 % band: the studio's (or the scene's) background colour. */
function borderColour(image: { width: number; height: number; rgb: Uint8Array }): number[] {
  const { width, height, rgb } = image;
  const band = Math.max(2, Math.round(0.04 * Math.min(width, height)));
  const channels: number[][] = [[], [], []];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= band && y >= band && x < width - band && y < height - band) continue;
      for (let c = 0; c < 3; c++) channels[c]?.push(rgb[3 * (y * width + x) + c] ?? 0);
    }
  }
  return channels.map((v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0);
}

/**
 * The halo the mask carries: over its outer band (mask pixels within 3 px of the background), the background it
 * brings along per band pixel, each pixel weighed by its alpha: `likeness`, how much its colour is the frame's
 * background colour (exp(-d^2 / 2 24^2) in 8-bit RGB; a white car's own white edge counts too), and, with a true
 * mask, `truly`, the share that is truly background.
 */
export function halo(image: { width: number; height: number; rgb: Uint8Array }, mask: CarMask, truth?: Truth) {
  const { width, rgb } = image;
  const B = borderColour(image);
  const d = Uint8Array.from(mask.alpha, (a) => (a > 0 ? 4 : 0));
  for (let round = 1; round <= 3; round++) {
    for (let p = 0; p < d.length; p++) {
      if ((d[p] ?? 0) <= round) continue;
      const x = p % width;
      const around = [x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1, p - width, p + width];
      if (around.some((q) => q >= 0 && q < d.length && d[q] === round - 1)) d[p] = round;
    }
  }
  let n = 0;
  let likeness = 0;
  let truly = 0;
  for (let p = 0; p < d.length; p++) {
    if (!d[p] || (d[p] ?? 0) > 3) continue;
    const a = (mask.alpha[p] ?? 0) / 255;
    const dist2 = [0, 1, 2].reduce((s, c) => s + ((rgb[3 * p + c] ?? 0) - (B[c] ?? 0)) ** 2, 0);
    n += 1;
    likeness += a * Math.exp(-dist2 / (2 * 24 ** 2));
    if (truth && !truth.on[p]) truly += a;
  }
  return { likeness: likeness / Math.max(1, n), truly: truly / Math.max(1, n) };
}
