import { describe, expect, it } from 'vitest';
import { acceptOf, checkPicture, formatBytes, formatNames, PICTURE_RULES, sniffImageMime } from './pictures.ts';

const MB = 1024 * 1024;
const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);
const rules = (errors: { rule: string }[]) => errors.map((e) => e.rule);

describe('picture type from the first bytes', () => {
  it('recognises PNG, JPEG, GIF, WebP and BMP, and nothing else', () => {
    expect(sniffImageMime(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageMime(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageMime(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('image/gif');
    expect(sniffImageMime(bytes(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50))).toBe('image/webp');
    expect(sniffImageMime(bytes(0x42, 0x4d))).toBe('image/bmp');
    // A text file renamed to .png is not a picture.
    expect(sniffImageMime(new TextEncoder().encode('hello, not a png'))).toBe('');
  });
});

describe('picture rules in the browser', () => {
  it('takes a domain logo only as a PNG of exactly 488x110 up to 2 MB', () => {
    const ok = { mime: 'image/png', bytes: 50_000, width: 488, height: 110 };
    expect(checkPicture('domain_logo', ok)).toEqual([]);
    expect(rules(checkPicture('domain_logo', { ...ok, width: 489 }))).toEqual(['exact_dimensions']);
    expect(rules(checkPicture('domain_logo', { ...ok, bytes: 2 * MB + 1 }))).toEqual(['max_size']);
    expect(checkPicture('domain_logo', ok).every((e) => e.field === 'image')).toBe(true);
  });

  it('says only "wrong type" for a file of the wrong type, whatever its size', () => {
    expect(rules(checkPicture('domain_logo', { mime: 'image/jpeg', bytes: 9 * MB, width: 10, height: 10 }))).toEqual([
      'format',
    ]);
  });

  it('bounds the splash image and the round logo by their largest size', () => {
    expect(checkPicture('splash', { mime: 'image/jpeg', bytes: 100, width: 860, height: 645 })).toEqual([]);
    expect(rules(checkPicture('splash', { mime: 'image/jpeg', bytes: 100, width: 861, height: 645 }))).toEqual([
      'max_dimensions',
    ]);
    expect(rules(checkPicture('round_logo', { mime: 'image/png', bytes: 100, width: 301, height: 300 }))).toEqual([
      'max_dimensions',
    ]);
  });

  it('takes a company logo as PNG, GIF or JPEG up to 5 MB, whatever its pixels', () => {
    expect(checkPicture('company_logo', { mime: 'image/gif', bytes: 5 * MB })).toEqual([]);
    expect(rules(checkPicture('company_logo', { mime: 'image/gif', bytes: 5 * MB + 1 }))).toEqual(['max_size']);
    expect(rules(checkPicture('company_logo', { mime: 'image/bmp', bytes: 10 }))).toEqual(['format']);
    expect(rules(checkPicture('company_logo', { mime: 'image/png', bytes: 0 }))).toEqual(['required']);
  });

  it('describes the rules for people and for the file picker', () => {
    expect(formatNames(PICTURE_RULES.company_logo)).toBe('PNG, GIF, JPEG');
    expect(acceptOf('domain_logo')).toBe('image/png');
    expect(formatBytes(2 * MB, 'en')).toBe('2 MB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(900, 'en')).toBe('900 B');
  });
});
