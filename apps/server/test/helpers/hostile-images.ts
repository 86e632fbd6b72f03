import { constants, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images that lie about their size (issue 18, finding 4): small files declaring enormous canvases, and a JPEG cut
 * off after its header. Written here byte by byte where sharp refuses to make them (it will not create 20000x20000),
 * so the server tests and bench/hostile-uploads.ts share one recipe.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/**
 * A grey RGB PNG that really is `width` x `height` (every row present, so a decoder fills the whole canvas), tiny
 * because the rows are all alike: 8192x4608 is about 110 kB and decodes to 113 MB. `rows` below `height` writes only
 * that many rows (a truncated file declaring the full size: cheap to make at 20000x20000).
 */
export function declaredPng(width: number, height: number, rows = height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3, 0x5a);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * rows);
  for (let y = 0; y < rows; y++) row.copy(raw, y * row.length);
  const idat = deflateSync(raw, { level: constants.Z_BEST_COMPRESSION });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    ...(rows === height ? [chunk('IEND', Buffer.alloc(0))] : []),
  ]);
}

/**
 * A baseline JPEG declaring `width` x `height` whose scan stops after `keepScanBytes`: made from a small real JPEG
 * whose frame header is rewritten, so it costs nothing to make at 16384x8192.
 */
export async function truncatedJpeg(width: number, height: number, keepScanBytes = 2048): Promise<Buffer> {
  const small = await sharp({ create: { width: 256, height: 128, channels: 3, background: { r: 60, g: 120, b: 60 } } })
    .jpeg({ quality: 90, mozjpeg: false, progressive: false })
    .toBuffer();
  const out = Buffer.from(small);
  for (let i = 2; i < out.length - 9; ) {
    if (out[i] !== 0xff) throw new Error('no JPEG marker where one was expected');
    const marker = out[i + 1]!;
    const length = out.readUInt16BE(i + 2);
    if (marker === 0xc0) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
    }
    if (marker === 0xda) return out.subarray(0, Math.min(out.length - 2, i + 2 + length + keepScanBytes));
    i += 2 + length;
  }
  throw new Error('no scan in the JPEG');
}

/** The three files of the hostile-upload benchmark and tests. */
export async function hostileImages(): Promise<{ bomb: Buffer; truncated: Buffer; huge: Buffer }> {
  return {
    bomb: declaredPng(8192, 4608),
    truncated: await truncatedJpeg(16384, 8192),
    huge: declaredPng(20000, 20000, 64),
  };
}
