import { describe, expect, it } from 'vitest';
import { decodeSlotUse, withDecodeSlot } from '../../src/platform/media/decode-slots.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { declaredPng } from '../helpers/hostile-images.ts';

/**
 * Pictures of one kind are decoded one at a time per process (issue 18, finding 4: sixteen parallel decodes of a
 * 110 kB PNG declaring 8192x4608 took the server to 4 GB), in arrival order; another kind is not held up.
 */

describe('decode slots', () => {
  it('runs one decode of a kind at a time, first come first served, and another kind beside it', async () => {
    const events: string[] = [];
    const gates: (() => void)[] = [];
    const job = (name: string) => async () => {
      events.push(`start ${name}`);
      await new Promise<void>((resolve) => gates.push(resolve));
      events.push(`end ${name}`);
      return name;
    };
    const all = Promise.all([
      withDecodeSlot('image', job('a')),
      withDecodeSlot('image', job('b')),
      withDecodeSlot('image', job('c')),
      withDecodeSlot('panorama', job('p')),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['start a', 'start p']);
    expect(decodeSlotUse('image')).toMatchObject({ active: 1, waiting: 2 });
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await all).toEqual(['a', 'b', 'c', 'p']);
    expect(events.filter((e) => !e.endsWith('p'))).toEqual([
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c',
    ]);
    expect(decodeSlotUse('image')).toMatchObject({ active: 0, waiting: 0 });
  });

  it('a failing decode frees its place', async () => {
    await expect(withDecodeSlot('image', () => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    await expect(withDecodeSlot('image', async () => 'next')).resolves.toBe('next');
  });

  it("the media adapter's renders of uploaded pictures take turns", async () => {
    const media = createMedia();
    const picture = declaredPng(1600, 900);
    const spec = { maxInputPixels: 40_000_000, renditions: { small: { width: 320 } }, quality: { jpeg: 80, webp: 75 } };
    const watched: number[] = [];
    const watch = setInterval(() => watched.push(decodeSlotUse('image').active), 1);
    const rendered = await Promise.all([1, 2, 3].map(() => media.renderImage(picture, spec)));
    clearInterval(watch);
    expect(rendered.map((r) => r.width)).toEqual([1600, 1600, 1600]);
    expect(Math.max(...watched)).toBe(1);
    expect(decodeSlotUse('image').peak).toBe(1);
  });
});
