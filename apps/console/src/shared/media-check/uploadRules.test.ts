import { describe, expect, it } from 'vitest';
import { containerOfHeader, ISO_MEDIA, pictureOfHeader } from './fileHeader.ts';
import { uploadRefusal } from './uploadRules.ts';

/** The browser's checks before upload: the header reading, and the server's rules applied to what it read. */

const png = (width: number, height: number): Uint8Array => {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
};

/** A JPEG with an APP1 segment before its baseline frame header. */
const jpeg = (width: number, height: number): Uint8Array => {
  const app1 = [0xff, 0xe1, 0x00, 0x06, 1, 2, 3, 4];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Uint8Array([0xff, 0xd8, ...app1, ...sof, ...new Array(12).fill(0)]);
};

const ascii = (text: string, pad = 16): Uint8Array =>
  new Uint8Array([...text].map((c) => c.charCodeAt(0)).concat(new Array(pad).fill(0)));

const MB = 1024 * 1024;
const exterior = { kind: 'exterior_video', minSeconds: 8, maxBytes: 1024 * MB } as const;

describe('reading a file header', () => {
  it('reads a PNG and a JPEG size, and names GIF, WebP and text as what they are', () => {
    expect(pictureOfHeader(png(8192, 4096))).toEqual({ mime: 'image/png', width: 8192, height: 4096 });
    expect(pictureOfHeader(jpeg(1920, 1080))).toEqual({ mime: 'image/jpeg', width: 1920, height: 1080 });
    expect(pictureOfHeader(ascii('GIF89a')).mime).toBe('image/gif');
    expect(pictureOfHeader(ascii('RIFF\0\0\0\0WEBPVP8 ')).mime).toBe('image/webp');
    expect(pictureOfHeader(ascii('hello, world'))).toEqual({
      mime: 'application/octet-stream',
      width: undefined,
      height: undefined,
    });
  });

  it('names the video containers as ffprobe does', () => {
    expect(containerOfHeader(ascii('\0\0\0\x20ftypisom'))).toBe(ISO_MEDIA);
    expect(containerOfHeader(ascii('\0\0\0\x08wide'))).toBe(ISO_MEDIA);
    expect(containerOfHeader(ascii('RIFF\0\0\0\0AVI LIST'))).toBe('avi');
    expect(containerOfHeader(new Uint8Array([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0, 0, 0, 0]))).toBe('asf');
    expect(containerOfHeader(new Uint8Array([0, 0, 1, 0xba, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('mpeg');
    expect(containerOfHeader(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('matroska,webm');
    expect(containerOfHeader(ascii('This is text with a video name'))).toBeUndefined();
  });
});

describe('the exterior video rules in the browser', () => {
  const landscape = { width: 1920, height: 1080, durationSeconds: 12 };

  it('refuses a portrait video (as shown, after rotation) and a short one with the server codes and values', () => {
    const portrait = uploadRefusal(exterior, {
      bytes: MB,
      container: ISO_MEDIA,
      video: { ...landscape, width: 1080, height: 1920 },
    });
    expect(portrait).toMatchObject({ status: 422, code: 'video_vertical_not_allowed' });
    const short = uploadRefusal(exterior, {
      bytes: MB,
      container: ISO_MEDIA,
      video: { ...landscape, durationSeconds: 3 },
    });
    expect(short).toMatchObject({ status: 422, code: 'video_too_short', params: { seconds: 8, duration: 3 } });
    // The domain's minimum, not a number of the console's.
    expect(
      uploadRefusal({ ...exterior, minSeconds: 15 }, { bytes: MB, container: ISO_MEDIA, video: landscape })?.params,
    ).toMatchObject({ seconds: 15 });
  });

  it('accepts a landscape video long enough, and leaves to the server what the browser cannot read', () => {
    expect(uploadRefusal(exterior, { bytes: MB, container: ISO_MEDIA, video: landscape })).toBeUndefined();
    // An AVI Chromium cannot play: no verdict here.
    expect(uploadRefusal(exterior, { bytes: MB, container: 'avi', video: undefined })).toBeUndefined();
    // A header the browser does not know, read as a landscape video: judged on what was read.
    expect(uploadRefusal(exterior, { bytes: MB, container: undefined, video: landscape })).toBeUndefined();
  });

  it('refuses a WebM by its header, a file over the size, and a video past the bounds', () => {
    expect(uploadRefusal(exterior, { bytes: MB, container: 'matroska,webm', video: landscape })).toMatchObject({
      status: 415,
      code: 'unsupported_video_format',
    });
    expect(uploadRefusal(exterior, { bytes: 1025 * MB, video: landscape })).toMatchObject({
      status: 413,
      code: 'file_too_large',
      params: { max_bytes: 1024 * MB },
    });
    expect(
      uploadRefusal({ kind: 'video', maxBytes: 50 * MB }, { bytes: MB, video: { ...landscape, durationSeconds: 900 } }),
    ).toMatchObject({ code: 'video_out_of_bounds', params: { limit: 'duration' } });
  });
});

describe('the image rules in the browser', () => {
  const panorama = { kind: 'panorama', maxBytes: 50 * MB } as const;
  const category = { kind: 'category_image', maxBytes: 30 * MB } as const;
  const rider = { kind: 'rider_view_image', maxBytes: 30 * MB } as const;

  it('judges a panorama by the size its header declares, before anything is decoded', () => {
    expect(uploadRefusal(panorama, { bytes: MB, picture: pictureOfHeader(png(8192, 4096)) })).toBeUndefined();
    expect(uploadRefusal(panorama, { bytes: MB, picture: pictureOfHeader(png(8192, 4000)) })).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'aspect_2_1' },
    });
    // A small file declaring an enormous canvas.
    expect(uploadRefusal(panorama, { bytes: 1000, picture: pictureOfHeader(png(20000, 10000)) })).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'max_dimensions' },
    });
    expect(uploadRefusal(panorama, { bytes: MB, picture: pictureOfHeader(ascii('GIF89a')) })).toMatchObject({
      status: 415,
      code: 'unsupported_image_format',
    });
  });

  it('judges category and rider view images by the slider rules; a JPEG with no size read is the server’s', () => {
    expect(uploadRefusal(category, { bytes: MB, picture: pictureOfHeader(jpeg(1920, 1080)) })).toBeUndefined();
    expect(uploadRefusal(category, { bytes: MB, picture: pictureOfHeader(jpeg(1000, 1000)) })).toMatchObject({
      params: { rule: 'aspect' },
    });
    expect(uploadRefusal(rider, { bytes: MB, picture: pictureOfHeader(jpeg(900, 1600)) })).toMatchObject({
      params: { rule: 'landscape' },
    });
    const sizeless = { mime: 'image/jpeg', width: undefined, height: undefined };
    expect(uploadRefusal(category, { bytes: MB, picture: sizeless })).toBeUndefined();
  });
});
