import { describe, expect, it } from 'vitest';
import { categoryImageAspect, categoryImageRefusal, riderViewImageRefusal } from './slider-images.ts';

const jpeg = (width: number, height: number) => ({ mime: 'image/jpeg', width, height });

describe('categoryImageAspect', () => {
  it.each([
    [1920, 1080, '16:9'],
    [1280, 720, '16:9'],
    [1366, 768, '16:9'],
    [854, 480, '16:9'],
    [1024, 768, '4:3'],
    [800, 600, '4:3'],
    [4032, 3024, '4:3'],
    [2048, 1024, '2:1'],
    [1000, 500, '2:1'],
    [1001, 500, '2:1'],
  ])('%sx%s is %s', (w, h, aspect) => {
    expect(categoryImageAspect(w, h)).toBe(aspect);
  });

  it.each([
    [1920, 1200],
    [1000, 1000],
    [1080, 1920],
    [1003, 500],
    [1920, 1083],
    [3000, 2000],
  ])('%sx%s is none of them', (w, h) => {
    expect(categoryImageAspect(w, h)).toBeUndefined();
  });
});

describe('categoryImageRefusal', () => {
  it('accepts the spec examples in JPEG and PNG', () => {
    for (const [w, h] of [
      [1920, 1080],
      [1280, 720],
      [1024, 768],
      [800, 600],
      [2048, 1024],
    ] as const) {
      expect(categoryImageRefusal(jpeg(w, h))).toBeUndefined();
      expect(categoryImageRefusal({ mime: 'image/png', width: w, height: h })).toBeUndefined();
    }
  });

  it('refuses other formats and unreadable pictures as unsupported_image_format', () => {
    for (const picture of [
      { mime: 'image/gif', width: 1280, height: 720 },
      { mime: 'image/webp', width: 1280, height: 720 },
      { mime: 'application/octet-stream', width: undefined, height: undefined },
      { mime: 'image/jpeg', width: undefined, height: undefined },
    ]) {
      expect(categoryImageRefusal(picture)?.code).toBe('unsupported_image_format');
    }
  });

  it('refuses another aspect ratio, naming the rule', () => {
    const refusal = categoryImageRefusal(jpeg(1920, 1200));
    expect(refusal?.code).toBe('image_dimensions_invalid');
    expect(refusal?.params).toMatchObject({ width: 1920, height: 1200, rule: 'aspect' });
  });

  it('refuses a picture too small or too large', () => {
    expect(categoryImageRefusal(jpeg(320, 180))?.params.rule).toBe('width');
    expect(categoryImageRefusal(jpeg(639, 359))?.params.rule).toBe('width');
    expect(categoryImageRefusal(jpeg(640, 360))).toBeUndefined();
    expect(categoryImageRefusal(jpeg(8192, 4096))).toBeUndefined();
    expect(categoryImageRefusal(jpeg(8194, 4097))?.params.rule).toBe('width');
    // 4:3 at the widest: 50 megapixels, over the decoding bound.
    expect(categoryImageRefusal(jpeg(8192, 6144))?.params).toMatchObject({
      rule: 'max_pixels',
      max_pixels: 40_000_000,
    });
    expect(riderViewImageRefusal(jpeg(8192, 6000))?.params.rule).toBe('max_pixels');
  });
});

describe('riderViewImageRefusal', () => {
  it('accepts any landscape picture', () => {
    expect(riderViewImageRefusal(jpeg(1920, 1200))).toBeUndefined();
    expect(riderViewImageRefusal(jpeg(3000, 2000))).toBeUndefined();
  });

  it('refuses portrait, square, small and other formats', () => {
    expect(riderViewImageRefusal(jpeg(1080, 1920))?.params.rule).toBe('landscape');
    expect(riderViewImageRefusal(jpeg(1000, 1000))?.params.rule).toBe('landscape');
    expect(riderViewImageRefusal(jpeg(600, 400))?.params.rule).toBe('width');
    expect(riderViewImageRefusal({ mime: 'image/gif', width: 1920, height: 1080 })?.code).toBe(
      'unsupported_image_format',
    );
  });
});
