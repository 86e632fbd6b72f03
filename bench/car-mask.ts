import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { carPose, spinCorrections } from '../apps/server/src/platform/ai/car-geometry.ts';
import { CAR_MASK_WIDTH, type CarMask, segmentCar } from '../apps/server/src/platform/ai/car-mask.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import { opencvCars, spin1080, spinFrames } from './car-photos.ts';
import { watchMemory } from './process-memory.ts';

/**
 * The car mask and the rotation correction on real photographs (issue 23, points 2 and 3; no model: the method of
 * apps/server/src/platform/ai/car-mask.ts). Printed:
 * - mask quality as intersection over union (IoU) with a true mask, per set: opencv@7.0.0's car1.jpg and car2.jpg
 *   (real street photos; their true masks are polygons drawn by hand below), the 52 frames of threesixty-slider's
 *   real car spin on white (the true mask is the cut-out's opaque part: alpha >= 230, glass holes filled), and the
 *   same 52 cut-outs laid on a real photographed background (car1.jpg's hillside above the car: a harder, composed
 *   case, said as such);
 * - the spin's size and place across frames: the spread (coefficient of variation) of the true car's height and foot
 *   before and after the rotation correction computed from the found masks;
 * - time and memory for 36 frames at 1080p: reading, masking, the background blurred and replaced in full size,
 *   the correction applied, and this process's resident memory.
 *
 *   node --import tsx bench/car-mask.ts [--frames N]
 *
 * A figure, not a test. Figures: docs/operations.md, "Car mask".
 */

const log = (message: string) => process.stdout.write(`${message}\n`);

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

interface Truth {
  width: number;
  height: number;
  /** 1 on the car. */
  on: Uint8Array;
}

async function polygonTruth(name: string, width: number, height: number): Promise<Truth> {
  const points = (OUTLINES[name] ?? []).map(([x, y]) => `${(x * width) / 800},${(y * width) / 800}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/><polygon points="${points}" fill="white"/></svg>`;
  const data = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  return { width, height, on: Uint8Array.from(data, (v) => (v > 127 ? 1 : 0)) };
}

/**
 * A cut-out's opaque part at `width`, holes (the glass) filled: what a person would outline as the car (alpha at
 * least 230); with `shadow` (alpha at least 20), the car with the shadow it casts on the floor.
 */
async function alphaTruth(file: string, width: number, shadow = false): Promise<Truth> {
  const { data, info } = await sharp(file)
    .resize({ width })
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask: CarMask = { width: info.width, height: info.height, alpha: data, box: undefined, area: 0 };
  const on = Uint8Array.from(mask.alpha, (v) => (v >= (shadow ? 20 : 230) ? 1 : 0));
  return { width: info.width, height: info.height, on: fillHoles(on, info.width, info.height) };
}

function fillHoles(on: Uint8Array, width: number, height: number): Uint8Array {
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

function iou(mask: CarMask, truth: Truth): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < truth.on.length; p++) {
    const a = mask.alpha[p] ? 1 : 0;
    const b = truth.on[p] ?? 0;
    both += a & b;
    either += a | b;
  }
  return either === 0 ? 1 : both / either;
}

async function pixels(input: Buffer | string, background?: Buffer) {
  let image = sharp(input).resize({ width: CAR_MASK_WIDTH, kernel: 'cubic' });
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

const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
const spread = (v: number[]) => Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2))) / Math.max(1e-9, Math.abs(mean(v)));

function report(name: string, scores: number[]): void {
  const sorted = [...scores].sort((a, b) => a - b);
  log(
    `${name}: ${scores.length} images, IoU mean ${mean(scores).toFixed(3)}, median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(3)}, ` +
      `worst ${(sorted[0] ?? 0).toFixed(3)}, share >= 0.85: ${((100 * scores.filter((s) => s >= 0.85).length) / scores.length).toFixed(0)} %`,
  );
}

function truthBox(t: Truth) {
  let y0 = t.height;
  let y1 = -1;
  let x0 = t.width;
  let x1 = -1;
  for (let p = 0; p < t.on.length; p++) {
    if (!t.on[p]) continue;
    const x = p % t.width;
    const y = (p - x) / t.width;
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
  }
  return { height: (y1 + 1 - y0) / t.height, footX: (x0 + x1 + 1) / 2 / t.width, footY: (y1 + 1) / t.height };
}

async function qualities(temp: string): Promise<void> {
  const photos = await opencvCars(temp);
  const street: number[] = [];
  for (const file of photos) {
    const image = await pixels(file);
    const score = iou(segmentCar(image), await polygonTruth(path.basename(file), image.width, image.height));
    log(`  ${path.basename(file)}: IoU ${score.toFixed(3)}`);
    street.push(score);
  }
  report('opencv street photos, hand-drawn outlines', street);
  const hill = await sharp(photos[0] as string)
    .extract({ left: 0, top: 0, width: 1024, height: 300 })
    .toBuffer();
  const onWhite: number[] = [];
  const onHill: number[] = [];
  const withShadow: number[] = [];
  const withShadowOnHill: number[] = [];
  const truths: Truth[] = [];
  const masks: CarMask[] = [];
  for (const file of spinFrames()) {
    const truth = await alphaTruth(file, CAR_MASK_WIDTH);
    const shadowed = await alphaTruth(file, CAR_MASK_WIDTH, true);
    const mask = segmentCar(await pixels(file));
    const onHillMask = segmentCar(await pixels(file, hill));
    truths.push(truth);
    masks.push(mask);
    onWhite.push(iou(mask, truth));
    onHill.push(iou(onHillMask, truth));
    withShadow.push(iou(mask, shadowed));
    withShadowOnHill.push(iou(onHillMask, shadowed));
  }
  report('threesixty-slider spin on white, the car', onWhite);
  report('threesixty-slider spin on white, the car and its shadow', withShadow);
  report('threesixty-slider spin on a photographed hillside (composed), the car', onHill);
  report('threesixty-slider spin on a photographed hillside (composed), the car and its shadow', withShadowOnHill);
  const corrections = spinCorrections(masks.map(carPose));
  const before = truths.map(truthBox);
  const after = before.map((b, i) => {
    const c = corrections[i] ?? { scale: 1, shift: { x: 0, y: 0 } };
    return { height: b.height * c.scale, footX: b.footX + c.shift.x, footY: b.footY + c.shift.y };
  });
  const found = masks.filter((m) => m.box).length;
  log(`spin boxes: a car found on ${found} of ${masks.length} frames`);
  for (const [label, set] of [
    ['before', before],
    ['after the correction', after],
  ] as const) {
    log(
      `  true car ${label}: height spread ${(100 * spread(set.map((b) => b.height))).toFixed(1)} %, ` +
        `foot x spread ${(100 * spread(set.map((b) => b.footX))).toFixed(1)} %, foot y spread ${(100 * spread(set.map((b) => b.footY))).toFixed(1)} %`,
    );
  }
}

/** Wall and CPU milliseconds of each stage, added up over the frames. */
function stages<K extends string>(names: readonly K[]) {
  const wall = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  const cpu = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  return {
    async time<T>(name: K, work: () => Promise<T>): Promise<T> {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const out = await work();
      const used = process.cpuUsage(c0);
      wall[name] += performance.now() - t0;
      cpu[name] += (used.user + used.system) / 1000;
      return out;
    },
    text: (name: K) => `${(wall[name] / 1000).toFixed(1)} s (${(cpu[name] / 1000).toFixed(1)} CPU s)`,
  };
}

async function timing(count: number, temp: string): Promise<void> {
  const media = createMedia();
  const frames = (await spin1080(spinFrames())).slice(0, count);
  const dealer = await sharp((await opencvCars(temp))[1] as string)
    .resize(1280, 720, { fit: 'inside' })
    .jpeg()
    .toBuffer();
  const memory = watchMemory(process.pid);
  memory.reset();
  const t = stages(['masks', 'blurred', 'replaced', 'corrected'] as const);
  const masks: CarMask[] = [];
  for (const frame of frames) {
    const mask = await t.time('masks', async () => segmentCar(await media.analysisImage(frame, CAR_MASK_WIDTH)));
    masks.push(mask);
    const base = { target: 'background', areas: [], subject: mask, maxInputPixels: 40e6, quality: 95 } as const;
    await t.time('blurred', () => media.blurImage(frame, { ...base, look: { kind: 'blur', sigma: (w) => w / 100 } }));
    await t.time('replaced', () => media.blurImage(frame, { ...base, look: { kind: 'image', image: dealer } }));
  }
  const corrections = spinCorrections(masks.map(carPose));
  for (const [i, frame] of frames.entries()) {
    const c = corrections[i];
    if (c) await t.time('corrected', () => media.transformImage(frame, { ...c, maxInputPixels: 40e6, quality: 95 }));
  }
  const { startMb, peakMb } = memory.peak();
  memory.stop();
  log(
    `${frames.length} frames at 1920x1080: masks ${t.text('masks')}, background blurred ${t.text('blurred')}, ` +
      `replaced ${t.text('replaced')}, rotation correction ${t.text('corrected')}; ` +
      `resident ${startMb} MB at the start, peak ${peakMb} MB`,
  );
}

async function main(): Promise<void> {
  const count = Number(process.argv[process.argv.indexOf('--frames') + 1] ?? 36) || 36;
  const temp = await mkdtemp(path.join(tmpdir(), 'spinyard-carmask-'));
  try {
    log(`Car mask bench (mask width ${CAR_MASK_WIDTH} px), ${new Date().toISOString()}`);
    await qualities(temp);
    await timing(count, temp);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
