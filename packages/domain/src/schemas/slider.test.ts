import { describe, expect, it } from 'vitest';
import {
  isPermutationOf,
  mediaOrderBody,
  SLIDER_CATEGORIES,
  sliderConfig,
  sliderImageFields,
  sliderItemUpdateBody,
  videoLinkBody,
} from './slider.ts';

describe('slider schemas', () => {
  it('takes a known category and a caption, the caption empty by default', () => {
    expect(sliderImageFields.parse({ category: 'engine' })).toEqual({ category: 'engine', caption: '' });
    expect(sliderImageFields.safeParse({ category: 'roof' }).success).toBe(false);
    expect(sliderImageFields.safeParse({ category: 'other', caption: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('takes a link with an optional caption, and refuses unknown update keys', () => {
    expect(videoLinkBody.safeParse({ url: 'https://youtu.be/dQw4w9WgXcQ' }).success).toBe(true);
    expect(videoLinkBody.safeParse({}).success).toBe(false);
    expect(sliderItemUpdateBody.safeParse({ caption: 'a', category: 'interior' }).success).toBe(true);
    expect(sliderItemUpdateBody.safeParse({ video_id: 'x' }).success).toBe(false);
  });

  it('wants ids for an order', () => {
    expect(mediaOrderBody.safeParse({ ids: ['1', '2'] }).success).toBe(true);
    expect(mediaOrderBody.safeParse({ ids: [] }).success).toBe(false);
    expect(mediaOrderBody.safeParse({ ids: ['a'] }).success).toBe(false);
  });

  it('names each current id once in a permutation', () => {
    expect(isPermutationOf(['2', '1'], ['1', '2'])).toBe(true);
    expect(isPermutationOf(['1', '1'], ['1', '2'])).toBe(false);
    expect(isPermutationOf(['1'], ['1', '2'])).toBe(false);
    expect(isPermutationOf(['1', '3'], ['1', '2'])).toBe(false);
    expect(isPermutationOf(['1', '2', '3'], ['1', '2'])).toBe(false);
  });

  it('offers the template slots only when the option is on', () => {
    expect(sliderConfig(false).template).toBeNull();
    const on = sliderConfig(true);
    expect(on.template?.length).toBeGreaterThan(0);
    expect(on.template?.every((c) => (SLIDER_CATEGORIES as readonly string[]).includes(c))).toBe(true);
    expect(on.caption_max_width).toBe(100);
    expect(on.max_bytes).toBe(30 * 1024 * 1024);
  });
});
