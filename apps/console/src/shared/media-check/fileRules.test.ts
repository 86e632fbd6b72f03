import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOTSPOT_LIMITS, REPLACE_IMAGE_MAX_BYTES } from '@spinyard/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioContainerOfHeader, HEADER_BYTES, ISO_MEDIA, pictureOfHeader } from './fileHeader.ts';
import { type FileFacts, type UploadRule, uploadRefusal } from './uploadRules.ts';

/**
 * The second part of the checks before upload, on real files made once for this file (ffmpeg for the sounds, sharp
 * for the pictures): a hotspot's image, icon and audio, a design icon and a frame's replacement, read as the browser
 * reads them (the first bytes; a sound's duration from its metadata) and judged by the domain's rules.
 */

const require = createRequire(import.meta.url);
const ffmpeg: string = process.env.FFMPEG_PATH ?? require('@ffmpeg-installer/ffmpeg').path;
const dir = mkdtempSync(path.join(tmpdir(), 'media-check-'));
const files: Record<string, Uint8Array> = {};

/** A half-second tone in the given container, as a phone or an editor writes it. */
function tone(name: string, args: string[]): Uint8Array {
  const out = path.join(dir, name);
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=0.5', ...args, out]);
  return new Uint8Array(readFileSync(out));
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

beforeAll(async () => {
  files.mp3 = tone('a.mp3', ['-c:a', 'libmp3lame', '-b:a', '32k']);
  files.m4a = tone('a.m4a', ['-c:a', 'aac', '-b:a', '32k']);
  files.wav = tone('a.wav', []);
  files.ogg = tone('a.ogg', ['-c:a', 'flac']);
  files.icon = await picture(80, 80, 'png');
  files.bigIcon = await picture(1100, 200, 'png');
  files.jpeg = await picture(1280, 720, 'jpeg');
  files.wideJpeg = await picture(1281, 720, 'jpeg');
  files.webp = await picture(64, 64, 'webp');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;
const head = (name: string) => (files[name] as Uint8Array).subarray(0, HEADER_BYTES);
const pictureFacts = (name: string): FileFacts => ({
  bytes: (files[name] as Uint8Array).length,
  picture: pictureOfHeader(head(name)),
});
const audioFacts = (name: string, durationSeconds?: number): FileFacts => ({
  bytes: (files[name] as Uint8Array).length,
  audio: { container: audioContainerOfHeader(head(name)), durationSeconds },
});

describe('a hotspot audio before upload', () => {
  const rule: UploadRule = { kind: 'hotspot_audio', maxBytes: HOTSPOT_LIMITS.audioMaxBytes };

  it('names the containers of real sound files as ffprobe does', () => {
    expect(audioContainerOfHeader(head('mp3'))).toBe('mp3');
    expect(audioContainerOfHeader(head('m4a'))).toBe(ISO_MEDIA);
    expect(audioContainerOfHeader(head('wav'))).toBe('wav');
    expect(audioContainerOfHeader(head('ogg'))).toBe('ogg');
  });

  it('accepts an MP3 and an M4A within the length, refuses a WAV and an Ogg by content and a long one by duration', () => {
    expect(uploadRefusal(rule, audioFacts('mp3', 0.5))).toBeUndefined();
    expect(uploadRefusal(rule, audioFacts('m4a', 120.04))).toBeUndefined();
    expect(uploadRefusal(rule, audioFacts('wav', 0.5))).toMatchObject({
      status: 415,
      code: 'unsupported_audio_format',
    });
    expect(uploadRefusal(rule, audioFacts('ogg'))).toMatchObject({ status: 415, code: 'unsupported_audio_format' });
    expect(uploadRefusal(rule, audioFacts('mp3', 125))).toMatchObject({
      status: 422,
      code: 'audio_too_long',
      params: { max_seconds: HOTSPOT_LIMITS.audioMaxSeconds, duration: 125 },
    });
    // A length the browser could not read is the server's to measure; a file over the size is refused by its size.
    expect(uploadRefusal(rule, audioFacts('mp3', undefined))).toBeUndefined();
    expect(uploadRefusal(rule, { ...audioFacts('mp3', 1), bytes: 5 * MB + 1 })).toMatchObject({ status: 413 });
  });

  it('leaves bytes that are no sound file it knows to the server', () => {
    expect(uploadRefusal(rule, { bytes: 100, audio: { container: undefined, durationSeconds: undefined } })).toBe(
      undefined,
    );
  });
});

describe('a hotspot image, an icon and a replacement before upload', () => {
  it('judges a hotspot image by its type and the decoding bound', () => {
    const rule: UploadRule = { kind: 'hotspot_image', maxBytes: HOTSPOT_LIMITS.imageMaxBytes };
    expect(uploadRefusal(rule, pictureFacts('jpeg'))).toBeUndefined();
    expect(uploadRefusal(rule, pictureFacts('webp'))).toMatchObject({
      status: 415,
      code: 'unsupported_image_format',
      params: { allowed: 'jpeg,png' },
    });
    const huge = { bytes: 1000, picture: { mime: 'image/png', width: 20000, height: 20000 } };
    expect(uploadRefusal(rule, huge)).toMatchObject({ status: 422, params: { rule: 'max_pixels' } });
  });

  it('judges an icon (hotspot or design) as a PNG of at most 1024 a side', () => {
    const rule: UploadRule = { kind: 'icon', maxBytes: HOTSPOT_LIMITS.iconMaxBytes };
    expect(uploadRefusal(rule, pictureFacts('icon'))).toBeUndefined();
    expect(uploadRefusal(rule, pictureFacts('jpeg'))).toMatchObject({ code: 'unsupported_image_format' });
    expect(uploadRefusal(rule, pictureFacts('bigIcon'))).toMatchObject({
      status: 422,
      code: 'image_dimensions_invalid',
      params: { rule: 'max_dimensions', max: 1024, width: 1100, height: 200 },
    });
  });

  it('judges a replacement by the box it must fit in, 1280x720 included', () => {
    const rule: UploadRule = { kind: 'replacement_image', maxBytes: REPLACE_IMAGE_MAX_BYTES };
    expect(uploadRefusal(rule, pictureFacts('jpeg'))).toBeUndefined();
    expect(uploadRefusal(rule, pictureFacts('wideJpeg'))).toMatchObject({
      status: 422,
      params: { rule: 'max_dimensions', max_width: 1280, max_height: 720, width: 1281, height: 720 },
    });
    expect(uploadRefusal(rule, pictureFacts('webp'))).toMatchObject({ status: 415 });
  });
});
