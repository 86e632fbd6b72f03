import { describe, expect, it } from 'vitest';
import { contentMovieSettingsSchema } from './content-movies.ts';
import { fieldErrorsOf } from './field-errors.ts';

const parse = (body: unknown) => contentMovieSettingsSchema.safeParse(body);
const rulesOf = (body: unknown) => {
  const result = parse(body);
  return result.success ? [] : fieldErrorsOf(result.error).map((e) => [e.field, e.rule]);
};

describe('content movie settings', () => {
  it('fills every default from an empty body', () => {
    expect(parse({}).data).toEqual({
      opening: { title: '', subtitle: '' },
      music_track_id: null,
      sections: ['categories', 'exterior', 'interior'],
      category_images: [],
      exterior_text: '',
      interior_text: '',
      scenes: [],
    });
  });

  it('counts a full-width character as 1 and a half-width one as 0.5, 33 at most', () => {
    expect(parse({ exterior_text: 'あ'.repeat(33) }).success).toBe(true);
    expect(parse({ exterior_text: 'a'.repeat(66) }).success).toBe(true);
    expect(rulesOf({ exterior_text: `${'あ'.repeat(33)}a` })).toEqual([['exterior_text', 'max_width']]);
  });

  it('takes five title lines and four subtitle lines, not more', () => {
    expect(parse({ opening: { title: 'a\nb\nc\nd\ne', subtitle: '1\r\n2\r\n3\r\n4' } }).success).toBe(true);
    expect(rulesOf({ opening: { title: 'a\nb\nc\nd\ne\nf' } })).toEqual([['opening.title', 'max_lines']]);
    expect(rulesOf({ opening: { subtitle: '1\n2\n3\n4\n5' } })).toEqual([['opening.subtitle', 'max_lines']]);
  });

  it('refuses a sixth category image, a repeated one and a 21st zoom point', () => {
    const images = (n: number) => Array.from({ length: n }, (_, i) => ({ item_id: String(i + 1) }));
    expect(parse({ category_images: images(5) }).success).toBe(true);
    expect(rulesOf({ category_images: images(6) })).toEqual([['category_images', 'max_items']]);
    expect(rulesOf({ category_images: [{ item_id: '1' }, { item_id: '1' }] })).toEqual([
      ['category_images', 'no_duplicates'],
    ]);
    const points = (n: number) => Array.from({ length: n }, () => ({ yaw: 0, pitch: 0 }));
    const scene = (n: number) => ({ scenes: [{ scene_id: '1', start: { yaw: 0, pitch: 0 }, zoom_points: points(n) }] });
    expect(parse(scene(20)).success).toBe(true);
    expect(rulesOf(scene(21))).toEqual([['scenes.0.zoom_points', 'max_items']]);
  });
});
