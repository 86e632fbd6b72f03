import sharp, { type Color, type Sharp } from 'sharp';

/**
 * Every test picture, made by sharp (never committed), and the readings tests take of pictures. One place, so a
 * test that needs a picture finds the kind it needs instead of writing another.
 */

export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface SolidOptions {
  background?: Color;
  /** 4 for a picture with an alpha channel (the background's alpha then applies). */
  channels?: 3 | 4;
  /** JPEG quality (sharp's default otherwise). */
  quality?: number;
}

/** A picture of one colour (red unless told) in `format`. */
export function solid(width: number, height: number, format: PictureFormat, options: SolidOptions = {}) {
  const { background = { r: 200, g: 30, b: 30, alpha: 1 }, channels = 3, quality } = options;
  return encode(sharp({ create: { width, height, channels, background } }), format, quality);
}

function encode(image: Sharp, format: PictureFormat, quality?: number): Promise<Buffer> {
  if (format === 'png') return image.png().toBuffer();
  if (format === 'gif') return image.gif().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  return image.jpeg(quality === undefined ? {} : { quality }).toBuffer();
}

export const png = (width: number, height: number): Promise<Buffer> =>
  solid(width, height, 'png', { channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } });

/** With an EXIF copyright, to show that re-encoding drops it. */
export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

export const gif = (width: number, height: number): Promise<Buffer> =>
  solid(width, height, 'gif', { background: { r: 10, g: 160, b: 60 } });

export const base64 = (data: Buffer): string => data.toString('base64');

/** The pixels of a picture as RGB bytes (alpha dropped), with its size. */
export async function rgbPixels(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The colour of frame `frame` of row `row`: distinct for every frame of a seed, readable back from the pixels. */
export function frameColour(row: number, frame: number): { r: number; g: number; b: number } {
  return { r: (frame * 7) % 256, g: (row * 40) % 256, b: 255 - ((frame * 7) % 256) };
}

const numbered = new Map<string, Promise<Buffer>>();

/** A numbered picture: a plain colour with "row-frame" written on it (drawn once a process, a copy each call). */
export async function numberedFrame(
  row: number,
  frame: number,
  width = 320,
  height = 180,
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  const key = `${row}-${frame}-${width}x${height}.${format}`;
  let drawn = numbered.get(key);
  if (!drawn) {
    drawn = drawNumberedFrame(row, frame, width, height, format);
    numbered.set(key, drawn);
    drawn.catch(() => numbered.delete(key));
  }
  return Buffer.from(await drawn);
}

function drawNumberedFrame(row: number, frame: number, width: number, height: number, format: 'png' | 'jpeg') {
  const label = `${row}-${frame}`;
  const size = Math.round(height / 3);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="8" y="${size + 4}" font-family="sans-serif" font-size="${size}" fill="white">${label}</text></svg>`,
  );
  const picture = sharp({ create: { width, height, channels: 3, background: frameColour(row, frame) } }).composite([
    { input: svg, top: 0, left: 0 },
  ]);
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg({ quality: 90 }).toBuffer();
}

/** A photo-like picture (noise, so renditions differ in size), seeded so the same seed gives the same bytes. */
export async function noisePicture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
  seed = 1,
): Promise<Buffer> {
  const small = Buffer.alloc(16 * 9 * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < small.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    small[i] = x & 0xff;
  }
  const base = sharp(small, { raw: { width: 16, height: 9, channels: 3 } }).resize(width, height, { fit: 'fill' });
  return format === 'jpeg' ? base.jpeg({ quality: 80 }).toBuffer() : base.png().toBuffer();
}

/**
 * Test panoramas made by sharp: a 2:1 picture with a horizontal hue sweep, a vertical brightness ramp and a grey
 * band, so every correction has something to change (shadows, highlights, colour, edges) and a mean to measure.
 */
export async function panorama(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const light = 0.15 + 0.7 * (y / Math.max(1, height - 1));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const hue = (x / width) * 6;
      const band = Math.floor(x / Math.max(1, width / 16)) % 2 === 0;
      const [r, g, b] = band ? hueRgb(hue) : [0.5, 0.5, 0.5];
      data[i] = Math.round(255 * light * r);
      data[i + 1] = Math.round(255 * light * g);
      data[i + 2] = Math.round(255 * light * b);
    }
  }
  const image = sharp(data, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

function hueRgb(h: number): [number, number, number] {
  const x = 1 - Math.abs((h % 2) - 1);
  const table: [number, number, number][] = [
    [1, x, 0],
    [x, 1, 0],
    [0, 1, x],
    [0, x, 1],
    [x, 0, 1],
    [1, 0, x],
  ];
  return table[Math.min(5, Math.floor(h))]!.map((v) => 0.3 + 0.7 * v) as [number, number, number];
}

/** A PNG whose header declares `width` x `height` with a few bytes of pixels: a decompression bomb's shape. */
export async function declaredPng(width: number, height: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#777' } })
    .png()
    .toBuffer();
  const out = Buffer.from(small);
  // IHDR is the first chunk: 8 signature bytes, 4 length, 4 type, then width and height.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Mean of each channel and the mean saturation (max - min over max) of a picture. */
export async function measure(image: Buffer): Promise<{ r: number; g: number; b: number; luma: number; sat: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let r = 0;
  let g = 0;
  let b = 0;
  let sat = 0;
  const n = info.width * info.height;
  for (let i = 0; i < data.length; i += info.channels) {
    const R = data[i]!;
    const G = data[i + 1]!;
    const B = data[i + 2]!;
    r += R;
    g += G;
    b += B;
    const max = Math.max(R, G, B);
    sat += max === 0 ? 0 : (max - Math.min(R, G, B)) / max;
  }
  return { r: r / n, g: g / n, b: b / n, luma: (0.299 * r + 0.587 * g + 0.114 * b) / n, sat: sat / n };
}

/** Mean absolute difference between neighbouring pixels: how sharp a picture is. */
export async function edgeEnergy(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 1; x < info.width; x++) {
      sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!);
    }
  }
  return sum / (info.height * (info.width - 1));
}

/** 8 px black and white squares. */
export async function checkerboard(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0 ? 0 : 255;
      pixels.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A flat red picture, half transparent when `translucent` (for icons, which keep their alpha). */
export const redPicture = (width: number, height: number, format: PictureFormat, translucent = false) =>
  solid(width, height, format, translucent ? { channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } : {});
