import { open, stat } from 'node:fs/promises';
import { tileGrid } from '@spinyard/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';

/**
 * Interior panoramas (equirectangular, 2:1): measuring an upload from its header, and rendering a panorama once
 * decoded into everything the viewer needs (a master JPEG, sizes for the list, first paint and phones, and the
 * equirectangular tiles of Photo Sphere Viewer), optionally through the image-quality corrections and the white
 * balance. Nothing here is a model: every correction is a plain, documented pixel operation (docs/decisions.md).
 */

export interface PanoramaMeasure {
  /** From the magic numbers (and agreed by the decoder's header reading); `application/octet-stream` otherwise. */
  mime: string;
  bytes: number;
  width: number | undefined;
  height: number | undefined;
}

/** Corrections to apply, each 0..1 (0 or absent: not applied). */
export interface PanoramaAdjustments {
  whiteBalance?: { mode: 'manual' | 'auto'; temperature: number; tint: number } | null | undefined;
  /** Lifts the shadows and holds back the highlights. */
  shadowHighlight?: number | undefined;
  /** An S-curve: more contrast in the mid-tones. */
  toneCurve?: number | undefined;
  /** Saturation up to twice. */
  saturation?: number | undefined;
  /** Unsharp mask strength. */
  sharpness?: number | undefined;
  /** Upscaling (Lanczos 3) followed by an unsharp mask of this strength. */
  superResolution?: number | undefined;
  /** The output size (2:1); absent: the input's own (capped) size. */
  size?: { width: number; height: number } | undefined;
}

export interface PanoramaSpec {
  /** Decoding is refused above this many pixels, before any pixel is decoded. */
  maxInputPixels: number;
  /** The largest size kept (the input is shrunk into it, never enlarged, unless `adjust.size` says so). */
  full: { width: number; height: number };
  renditions: Record<string, { width: number }>;
  quality: { jpeg: number; webp: number };
  masterQuality: number;
  /** JPEG quality of the tiles. */
  tileQuality: number;
}

export interface RenderedPanorama {
  width: number;
  height: number;
  master: Buffer;
  renditions: Record<string, { width: number; height: number; jpeg: Buffer; webp: Buffer }>;
  tiles: { width: number; cols: number; rows: number; tileWidth: number; jpegs: Buffer[] };
}

export interface PanoramaMedia {
  /** The type by magic numbers and the size from the header: nothing is decoded. */
  measurePanorama(file: string): Promise<PanoramaMeasure>;
  renderPanorama(input: Buffer | string, spec: PanoramaSpec, adjust?: PanoramaAdjustments): Promise<RenderedPanorama>;
  /** The corrections on a small copy (the before-and-after preview): a JPEG `width` wide, nothing stored. */
  previewPanorama(
    input: Buffer | string,
    options: { maxInputPixels: number; width: number; quality: number },
    adjust: PanoramaAdjustments,
  ): Promise<Buffer>;
}

const UNKNOWN = 'application/octet-stream';
const FORMAT_OF_MIME: Readonly<Record<string, string>> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };
/** Enough of the file for file-type to know any image format. */
const HEAD_BYTES = 4100;

async function measurePanorama(file: string): Promise<PanoramaMeasure> {
  const { size } = await stat(file);
  const none = { mime: UNKNOWN, bytes: size, width: undefined, height: undefined };
  if (size === 0) return none;
  const handle = await open(file, 'r');
  const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return none;
  const format = FORMAT_OF_MIME[detected.mime];
  if (!format) return { ...none, mime: detected.mime };
  try {
    // metadata() reads the header only; with limitInputPixels off, a huge declared canvas is measured, not refused,
    // so the caller can name the rule (the pixels are never decoded here).
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (meta.format !== format) return none;
    return { mime: detected.mime, bytes: size, width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    return none;
  }
}

// ---- The corrections ------------------------------------------------------------------------------------------

/** Per-channel gains of the white balance. `auto`: grey world, from the channel means of the decoded pixels. */
function whiteBalanceGains(
  wb: NonNullable<PanoramaAdjustments['whiteBalance']>,
  data: Buffer,
  channels: number,
): [number, number, number] {
  if (wb.mode === 'auto') {
    const sums = [0, 0, 0];
    let n = 0;
    // Every 7th pixel is plenty for a mean and keeps this cheap on 33 megapixels.
    const step = channels * 7;
    for (let i = 0; i + 2 < data.length; i += step) {
      sums[0]! += data[i]!;
      sums[1]! += data[i + 1]!;
      sums[2]! += data[i + 2]!;
      n++;
    }
    const means = sums.map((s) => Math.max(1, s / Math.max(1, n)));
    const grey = (means[0]! + means[1]! + means[2]!) / 3;
    // Bounded so a picture of one strong colour (a red seat filling the frame) is not turned grey entirely.
    const clamp = (g: number) => Math.min(1.6, Math.max(0.625, g));
    return [clamp(grey / means[0]!), clamp(grey / means[1]!), clamp(grey / means[2]!)];
  }
  const t = wb.temperature / 100;
  const m = wb.tint / 100;
  // Warmer: more red, less blue. Magenta (positive tint): less green.
  return [1 + 0.25 * t, 1 - 0.2 * m, 1 - 0.25 * t];
}

/**
 * Saturation as a colour matrix that keeps each pixel's luma (Rec. 601 weights): every channel moves away from the
 * pixel's grey by `factor`. A matrix on RGB, so libvips does it in one pass (sharp's modulate goes through LCh and
 * costs eight times as much on a 33-megapixel panorama: bench/interior.ts).
 */
export function saturationMatrix(
  factor: number,
): [[number, number, number], [number, number, number], [number, number, number]] {
  const luma = [0.299, 0.587, 0.114] as const;
  const row = (channel: number): [number, number, number] =>
    [0, 1, 2].map((c) => (1 - factor) * luma[c]! + (c === channel ? factor : 0)) as [number, number, number];
  return [row(0), row(1), row(2)];
}

/**
 * An unsharp mask as one 3x3 convolution: the picture plus `amount` times its difference from a small Gaussian
 * blur ([1 2 1] x [1 2 1] / 16). On RGB in one pass (sharp's sharpen works in Lab and costs three times as much).
 */
export function unsharpKernel(amount: number): { width: number; height: number; kernel: number[] } {
  const blur = [1, 2, 1, 2, 4, 2, 1, 2, 1].map((v) => v / 16);
  return { width: 3, height: 3, kernel: blur.map((b, i) => (i === 4 ? 1 + amount : 0) - amount * b) };
}

/** Shadow lift and highlight hold-back, monotonic for s in 0..1 (derivative >= 1 - 0.4 - 0.27). */
export function shadowHighlightCurve(x: number, s: number): number {
  return x + s * 1.2 * x * (1 - x) ** 2 - s * 0.8 * x * x * (1 - x);
}

/** An S-curve: a blend of the identity and smoothstep, monotonic for t in 0..1. */
export function toneCurve(x: number, t: number): number {
  const smooth = x * x * (3 - 2 * x);
  return (1 - 0.7 * t) * x + 0.7 * t * smooth;
}

/** One lookup table per channel: the white-balance gain, then the curves. Null when it would change nothing. */
function lookupTables(adjust: PanoramaAdjustments, data: Buffer, channels: number): Uint8Array[] | null {
  const gains = adjust.whiteBalance ? whiteBalanceGains(adjust.whiteBalance, data, channels) : ([1, 1, 1] as const);
  const sh = adjust.shadowHighlight ?? 0;
  const tc = adjust.toneCurve ?? 0;
  if (gains.every((g) => g === 1) && sh === 0 && tc === 0) return null;
  return gains.map((gain) => {
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      let x = Math.min(1, (v / 255) * gain);
      if (sh > 0) x = shadowHighlightCurve(x, sh);
      if (tc > 0) x = toneCurve(x, tc);
      table[v] = Math.max(0, Math.min(255, Math.round(x * 255)));
    }
    return table;
  });
}

function applyTables(data: Buffer, channels: number, tables: Uint8Array[]): void {
  const [r, g, b] = tables as [Uint8Array, Uint8Array, Uint8Array];
  for (let i = 0; i + 2 < data.length; i += channels) {
    data[i] = r[data[i]!]!;
    data[i + 1] = g[data[i + 1]!]!;
    data[i + 2] = b[data[i + 2]!]!;
  }
}

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 3 };
}

const rawInput = (raw: Raw) => ({ raw: { width: raw.info.width, height: raw.info.height, channels: 3 as const } });

/**
 * Decodes once (shrunk into `fit`, or to `size` exactly), applies the corrections, and answers the pixels. The
 * curves and white balance run on the decoded buffer through a lookup table per channel; saturation, resizing and
 * sharpening are libvips operations on the way out.
 */
async function decodeAdjusted(
  input: Buffer | string,
  maxInputPixels: number,
  fit: { width: number; height: number },
  adjust: PanoramaAdjustments,
): Promise<Raw> {
  const source = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' }).autoOrient().removeAlpha();
  // Shrinking first when the output is smaller (cheaper corrections); upscaling (super resolution) comes last.
  const meta = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  const inputWidth = meta.autoOrient.width;
  const target = adjust.size ?? fitInside(inputWidth, meta.autoOrient.height, fit);
  const shrinkFirst = target.width < inputWidth;
  const first = shrinkFirst
    ? source.resize({ width: target.width, height: target.height, fit: 'fill', kernel: 'lanczos3' })
    : source;
  const decoded = (await first.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })) as Raw;
  const tables = lookupTables(adjust, decoded.data, decoded.info.channels);
  if (tables) applyTables(decoded.data, decoded.info.channels, tables);

  const saturation = adjust.saturation ?? 0;
  const sharpness = adjust.sharpness ?? 0;
  const upscale = !shrinkFirst && (target.width !== decoded.info.width || target.height !== decoded.info.height);
  const superResolution = adjust.superResolution ?? 0;
  if (saturation === 0 && sharpness === 0 && !upscale) return decoded;

  let pipeline = sharp(decoded.data, rawInput(decoded));
  if (saturation > 0) pipeline = pipeline.recomb(saturationMatrix(1 + saturation));
  if (upscale)
    pipeline = pipeline.resize({ width: target.width, height: target.height, fit: 'fill', kernel: 'lanczos3' });
  // One unsharp mask: the stronger of the sharpness asked and the detail super resolution restores after upscaling.
  const amount = Math.max(sharpness, upscale ? superResolution : 0);
  if (amount > 0) pipeline = pipeline.convolve(unsharpKernel(1.5 * amount));
  return (await pipeline.raw().toBuffer({ resolveWithObject: true })) as Raw;
}

function fitInside(width: number, height: number, box: { width: number; height: number }) {
  if (width <= box.width && height <= box.height) return { width, height };
  const scale = Math.min(box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * mozjpeg (trellis quantisation) saves about a tenth of the bytes at several times the encoding time: worth it for
 * the small pictures a list and first paint load, not for an 8192-wide master, its 4096 size and its 128 tiles
 * (measured: bench/interior.ts, docs/operations.md), which libjpeg-turbo encodes with optimised Huffman tables.
 */
const MOZJPEG_MAX_WIDTH = 1024;
const jpegOptions = (quality: number, width: number) =>
  width > MOZJPEG_MAX_WIDTH ? { quality, optimiseCoding: true } : { quality, mozjpeg: true };

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the answers. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function renderPanorama(
  input: Buffer | string,
  spec: PanoramaSpec,
  adjust: PanoramaAdjustments = {},
): Promise<RenderedPanorama> {
  return guardedDecode('panorama', input, spec.maxInputPixels, () => render(input, spec, adjust));
}

async function render(
  input: Buffer | string,
  spec: PanoramaSpec,
  adjust: PanoramaAdjustments,
): Promise<RenderedPanorama> {
  const raw = await decodeAdjusted(input, spec.maxInputPixels, spec.full, adjust);
  const { width, height } = raw.info;
  const pixels = () => sharp(raw.data, rawInput(raw));
  const master = await pixels().jpeg(jpegOptions(spec.masterQuality, width)).toBuffer();

  // Each size is resized from the next larger one (not from the full picture each time), once, to raw pixels that
  // both encoders read: an 8192-wide master costs one large resize, not one per size and format.
  const renditions: RenderedPanorama['renditions'] = {};
  let source: Raw = raw;
  const bySize = Object.entries(spec.renditions).sort(([, a], [, b]) => b.width - a.width);
  for (const [name, size] of bySize) {
    const w = Math.min(size.width, width);
    const h = Math.max(1, Math.round((height * w) / width));
    const resized: Raw =
      w === source.info.width
        ? source
        : ((await sharp(source.data, rawInput(source))
            .resize({ width: w, height: h, fit: 'fill', kernel: 'lanczos3' })
            .raw()
            .toBuffer({ resolveWithObject: true })) as Raw);
    const encode = () => sharp(resized.data, rawInput(resized));
    const [jpeg, webp] = await Promise.all([
      encode().jpeg(jpegOptions(spec.quality.jpeg, w)).toBuffer(),
      encode()
        .webp({ quality: spec.quality.webp, effort: w > MOZJPEG_MAX_WIDTH ? 1 : 3 })
        .toBuffer(),
    ]);
    renditions[name] = { width: w, height: h, jpeg, webp };
    source = resized;
  }

  // The tiles: the full picture brought to a whole number of square tiles (a few pixels at most), then cut.
  const grid = tileGrid(width);
  const tiled: Raw =
    grid.width === width && grid.height === height
      ? raw
      : ((await pixels()
          .resize({ width: grid.width, height: grid.height, fit: 'fill', kernel: 'lanczos3' })
          .raw()
          .toBuffer({ resolveWithObject: true })) as Raw);
  const cells = Array.from({ length: grid.rows * grid.cols }, (_, i) => ({
    col: i % grid.cols,
    row: Math.floor(i / grid.cols),
  }));
  const jpegs = await mapLimited(cells, 4, ({ col, row }) =>
    sharp(tiled.data, rawInput(tiled))
      .extract({ left: col * grid.tileWidth, top: row * grid.tileWidth, width: grid.tileWidth, height: grid.tileWidth })
      .jpeg(jpegOptions(spec.tileQuality, grid.width))
      .toBuffer(),
  );
  return {
    width,
    height,
    master,
    renditions,
    tiles: { width: grid.width, cols: grid.cols, rows: grid.rows, tileWidth: grid.tileWidth, jpegs },
  };
}

function previewPanorama(
  input: Buffer | string,
  options: { maxInputPixels: number; width: number; quality: number },
  adjust: PanoramaAdjustments,
): Promise<Buffer> {
  return guardedDecode('panorama', input, options.maxInputPixels, () => preview(input, options, adjust));
}

async function preview(
  input: Buffer | string,
  options: { maxInputPixels: number; width: number; quality: number },
  adjust: PanoramaAdjustments,
): Promise<Buffer> {
  const size = { width: options.width, height: Math.round(options.width / 2) };
  // At preview size super resolution shows as its sharpening: the upscale itself has nothing to show in 1024 px.
  const { superResolution, size: _ignored, ...rest } = adjust;
  const raw = await decodeAdjusted(input, options.maxInputPixels, size, {
    ...rest,
    sharpness: Math.max(rest.sharpness ?? 0, superResolution ?? 0),
    size,
  });
  return sharp(raw.data, rawInput(raw)).jpeg({ quality: options.quality, mozjpeg: true }).toBuffer();
}

export function createPanoramaMedia(): PanoramaMedia {
  return { measurePanorama, renderPanorama, previewPanorama };
}
