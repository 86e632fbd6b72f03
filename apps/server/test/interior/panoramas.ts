import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

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

/** A multipart/form-data body: text fields, then one file (field `file`), as the console's uploadFile sends it. */
export function multipart(
  file: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
  type = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----spinyard${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a panorama to a vehicle as the console does. */
export function uploadPanorama(
  app: FastifyInstance,
  token: string,
  contentId: string,
  file: Buffer,
  fileName = 'pano.jpg',
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(file, fileName, fields, fileName.endsWith('.png') ? 'image/png' : 'image/jpeg');
  return app.inject({
    method: 'POST',
    url: `/api/browser/v0/interior/${contentId}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

/** Reads a media URL the API answered (`/svnmedia/...`) through the server, as a browser would. */
export async function fetchMedia(app: FastifyInstance, url: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res.rawPayload;
}
