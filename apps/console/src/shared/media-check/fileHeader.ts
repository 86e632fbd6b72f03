import type { MeasuredPicture } from '@spinyard/domain';

/**
 * What a file's first bytes say about it, read in the browser before anything is sent: the image type and the
 * size its header declares, and the video container as ffprobe would name it. The rules judging these facts are
 * the server's own (packages/domain/src/media); this only measures.
 */

/** Bytes read from the start of a file: enough for a JPEG's size after a large EXIF block. */
export const HEADER_BYTES = 512 * 1024;

const OCTET = 'application/octet-stream';

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const u16 = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number): number => u16(b, at) * 65536 + u16(b, at + 2);

/** JPEG start-of-frame markers (C0-CF but DHT C4, JPG C8 and DAC CC), which carry the picture's size. */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The size a JPEG's frame header declares, or undefined when it is past the bytes read (or the file is broken). */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (isStartOfFrame(marker)) return { height: u16(b, at + 5), width: u16(b, at + 7) };
    if (marker === 0xda || marker === 0xd9) return undefined;
    at += 2 + u16(b, at + 2);
  }
  return undefined;
}

/** The image type by its magic numbers and the size its header declares (undefined when not read). */
export function pictureOfHeader(b: Uint8Array): MeasuredPicture {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && ascii(b, 12, 4) === 'IHDR') {
    return { mime: 'image/png', width: u32(b, 16), height: u32(b, 20) };
  }
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return { mime: 'image/jpeg', width: size?.width, height: size?.height };
  }
  // Other pictures (GIF, WebP, ...) are refused by type, whatever their size.
  if (ascii(b, 0, 4) === 'GIF8') return { mime: 'image/gif', width: undefined, height: undefined };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP')
    return { mime: 'image/webp', width: undefined, height: undefined };
  return { mime: OCTET, width: undefined, height: undefined };
}

/** ISO media (MP4, MOV, M4V) as ffprobe names it. */
export const ISO_MEDIA = 'mov,mp4,m4a,3gp,3g2,mj2';
/** Boxes a QuickTime file may open with when it has no `ftyp`. */
const QUICKTIME_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11];

/**
 * The container ffprobe would report for these first bytes, for the formats the product knows; undefined when the
 * bytes are none of them (the server then decides).
 */
export function containerOfHeader(b: Uint8Array): string | undefined {
  if (b.length < 12) return undefined;
  const box = ascii(b, 4, 4);
  if (box === 'ftyp' || QUICKTIME_BOXES.has(box)) return ISO_MEDIA;
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'AVI ') return 'avi';
  if (ASF_GUID.every((v, i) => b[i] === v)) return 'asf';
  if (b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0xba) return 'mpeg';
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'matroska,webm';
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  return undefined;
}

/**
 * The audio container ffprobe would report for these first bytes: `mp3` for an ID3 tag or an MPEG layer III frame,
 * the ISO family for an M4A, and the names of the other sound files people try (WAV, Ogg, FLAC, AAC in ADTS), all
 * refused by the server; undefined when the bytes are none of them (the server then decides).
 */
export function audioContainerOfHeader(b: Uint8Array): string | undefined {
  if (b.length < 12) return undefined;
  if (ascii(b, 0, 3) === 'ID3') return 'mp3';
  const b1 = b[1] ?? 0;
  if (b[0] === 0xff && (b1 & 0xe0) === 0xe0) return ((b1 >> 1) & 3) === 1 ? 'mp3' : (b1 & 6) === 0 ? 'aac' : 'mp2';
  if (ascii(b, 4, 4) === 'ftyp') return ISO_MEDIA;
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return 'wav';
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (ascii(b, 0, 4) === 'fLaC') return 'flac';
  return undefined;
}
