import { readFileSync } from 'node:fs';
import { HOTSPOT_LIMITS, REPLACE_IMAGE_MAX_BYTES } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { audioContainerOfHeader, HEADER_BYTES, ISO_MEDIA, pictureOfHeader } from './fileHeader.ts';
import { type FileFacts, type UploadRule, uploadRefusal } from './uploadRules.ts';

/**
 * The second part of the checks before upload, on real files (fixtures/, made once by ffmpeg and sharp: a
 * half-second tone as MP3, M4A, WAV and Ogg FLAC; PNG, JPEG and WebP pictures of the sizes the rules turn on): a
 * hotspot's image, icon and audio, a design icon and a frame's replacement, read as the browser reads them (the
 * first bytes; a sound's duration from its metadata) and judged by the domain's rules.
 */

const FIXTURES: Record<string, string> = {
  mp3: 'tone.mp3',
  m4a: 'tone.m4a',
  wav: 'tone.wav',
  ogg: 'tone.ogg',
  icon: 'icon-80.png',
  bigIcon: 'icon-1100x200.png',
  jpeg: 'frame-1280x720.jpg',
  wideJpeg: 'frame-1281x720.jpg',
  webp: 'small.webp',
};
const files: Record<string, Uint8Array> = Object.fromEntries(
  Object.entries(FIXTURES).map(([k, name]) => [
    k,
    new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))),
  ]),
);

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
