import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS, imagePixelsRefusal } from './image-pixels.ts';

describe('imagePixelsRefusal', () => {
  it('accepts up to the bound and refuses one pixel row over it, naming the limit', () => {
    expect(imagePixelsRefusal({ width: 8000, height: 5000 })).toBeUndefined();
    expect(imagePixelsRefusal({ width: 8000, height: 5001 })).toMatchObject({
      code: 'image_dimensions_invalid',
      params: { rule: 'max_pixels', width: 8000, height: 5001, max_pixels: IMAGE_MAX_PIXELS },
    });
    expect(imagePixelsRefusal({ width: 20000, height: 20000 }, 100)?.message).toContain('20000x20000');
  });
});
