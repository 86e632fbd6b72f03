import { describe, expect, it } from 'vitest';
import { MOVIE_LINE_HEIGHT, placeMovieLines } from './movie-layout.ts';

describe('placeMovieLines', () => {
  it('centres the opening block and gives each role its share of the height', () => {
    const lines = placeMovieLines(
      [
        { text: 'タイトル', role: 'title' },
        { text: 'サブタイトル', role: 'subtitle' },
      ],
      'center',
      1080,
    );
    expect(lines.map((l) => l.fontSize)).toEqual([54, 37]);
    const block = lines.reduce((sum, l) => sum + l.height, 0);
    expect(lines[0]?.top).toBe(Math.round((1080 - block) / 2));
    expect(lines[1]?.top).toBe((lines[0]?.top ?? 0) + (lines[0]?.height ?? 0));
    expect(lines[0]?.height).toBe(Math.round(54 * MOVIE_LINE_HEIGHT));
  });

  it('ends a caption at 90% of the height and skips blank lines', () => {
    const lines = placeMovieLines(
      [
        { text: ' ', role: 'caption' },
        { text: 'Front', role: 'caption' },
      ],
      'lower',
      720,
    );
    expect(lines).toHaveLength(1);
    expect((lines[0]?.top ?? 0) + (lines[0]?.height ?? 0)).toBe(Math.round(720 * 0.9));
  });

  it('scales with the picture: the same shares at a preview size', () => {
    const [line] = placeMovieLines([{ text: 'A', role: 'title' }], 'center', 270);
    expect(line?.fontSize).toBe(14);
  });
});
