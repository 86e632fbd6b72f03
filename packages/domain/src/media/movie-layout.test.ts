import { describe, expect, it } from 'vitest';
import { captionWidth } from '../caption.ts';
import { layoutMovieText, MOVIE_BAND, MOVIE_CAPTION_BOX, MOVIE_LINE_HEIGHT } from './movie-layout.ts';

const HD = { width: 1920, height: 1080 };
/** The buyer's phone: a 16:9 film across a 390 px wide screen. */
const PHONE = { width: 390, height: 219 };
const opening = [
  { text: '2021年式 マツダ CX-5', role: 'title' as const },
  { text: '走行距離 1.2万km', role: 'subtitle' as const },
];

/** WCAG's relative luminance of an sRGB grey (0..1). */
const luminance = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

describe('layoutMovieText', () => {
  it('centres the opening block and gives each role its share of the height', () => {
    const { lines } = layoutMovieText(opening, 'center', HD);
    expect(lines.map((l) => l.fontSize)).toEqual([108, 64]);
    const block = lines.reduce((sum, l) => sum + l.height, 0);
    expect(lines[0]?.top).toBe(Math.round((1080 - block) / 2));
    expect(lines[1]?.top).toBe((lines[0]?.top ?? 0) + (lines[0]?.height ?? 0));
    expect(lines[0]?.height).toBe(Math.round(108 * MOVIE_LINE_HEIGHT));
  });

  it("sizes the opening's title to read on a phone: a tenth of the frame's height, some 20 px", () => {
    const [title, subtitle] = layoutMovieText(opening, 'center', PHONE).lines;
    expect(title?.fontSize).toBeGreaterThanOrEqual(20);
    expect(title?.fontSize).toBeGreaterThanOrEqual(Math.floor(PHONE.height * 0.095));
    expect(subtitle?.fontSize).toBeGreaterThanOrEqual(12);
  });

  it('lays the opening on a full-width band dark enough for 4.5:1 over a white picture', () => {
    const { lines, band } = layoutMovieText(opening, 'center', HD);
    const first = lines[0];
    const last = lines.at(-1);
    expect(band).not.toBeNull();
    expect(band!.top).toBeLessThan(first!.top);
    expect(band!.top + band!.height).toBeGreaterThan(last!.top + last!.height);
    // White text over the band laid on pure white, the worst picture.
    const under = luminance(1 - MOVIE_BAND.opacity);
    expect((1 + 0.05) / (under + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('scales a block too wide or too tall down to fit the frame, never below a readable size', () => {
    const widest = '全'.repeat(33);
    const wide = layoutMovieText([{ text: widest, role: 'title' }], 'center', HD).lines[0];
    expect((wide?.fontSize ?? 0) * 33).toBeLessThanOrEqual(HD.width * 0.9);
    expect(wide?.fontSize).toBeGreaterThanOrEqual(HD.height * 0.045);
    // A long title line does not shrink its subtitle.
    const [long, sub] = layoutMovieText([{ text: '全'.repeat(20), role: 'title' }, opening[1]!], 'center', HD).lines;
    expect([long?.fontSize, sub?.fontSize]).toEqual([86, 64]);
    // ... and a subtitle stays smaller than its title.
    const [widestTitle, capped] = layoutMovieText([{ text: widest, role: 'title' }, opening[1]!], 'center', HD).lines;
    expect(capped?.fontSize).toBeLessThan(widestTitle?.fontSize ?? 0);
    const [short, under] = layoutMovieText([{ text: 'A', role: 'title' }, opening[1]!], 'center', HD).lines;
    expect([short?.fontSize, under?.fontSize]).toEqual([108, 64]);
    const nine = [
      ...Array.from({ length: 5 }, () => ({ text: 'タイトル', role: 'title' as const })),
      ...Array.from({ length: 4 }, () => ({ text: 'サブ', role: 'subtitle' as const })),
    ];
    const { lines, band } = layoutMovieText(nine, 'center', HD);
    expect(lines.reduce((sum, l) => sum + l.height, 0)).toBeLessThanOrEqual(HD.height * 0.8);
    expect(band!.top).toBeGreaterThanOrEqual(0);
    expect(band!.top + band!.height).toBeLessThanOrEqual(HD.height);
  });

  it('ends a caption at 90% of the height, without a band, and skips blank lines', () => {
    const { lines, band } = layoutMovieText(
      [
        { text: ' ', role: 'caption' },
        { text: 'Front', role: 'caption' },
      ],
      'lower',
      { width: 1280, height: 720 },
    );
    expect(band).toBeNull();
    expect(lines).toHaveLength(1);
    expect((lines[0]?.top ?? 0) + (lines[0]?.height ?? 0)).toBe(Math.round(720 * 0.9));
  });

  it('scales with the picture: the same shares at a preview size', () => {
    const [line] = layoutMovieText([{ text: 'A', role: 'title' }], 'center', { width: 480, height: 270 }).lines;
    expect(line?.fontSize).toBe(27);
  });

  describe('captions', () => {
    /** A line's width in pixels, half-width characters at 0.62 em as the layout counts them. */
    const linePixels = (text: string, size: number) =>
      [...text].reduce((sum, ch) => sum + (captionWidth(ch) === 1 ? 1 : 0.62), 0) * size;
    const longest = [
      '全'.repeat(33),
      'フロントグリルとバンパーは新品に交換済み、ボディ全体に光沢コーティング済',
      'Leather seats, sunroof and a new set of tyres fitted last month in Osaka',
    ];

    it.each([
      ['1080p', HD],
      ['720p', { width: 1280, height: 720 }],
    ])('read at 6%% of the height or more on a %s frame and fit 90%% of its width', (_name, frame) => {
      for (const text of ['外装', ...longest]) {
        const { lines } = layoutMovieText([{ text, role: 'caption' }], 'lower', frame);
        expect(
          lines
            .map((l) => l.text)
            .join('')
            .replace(/ /g, ''),
        ).toBe(text.replace(/ /g, ''));
        for (const line of lines) {
          expect(line.fontSize).toBeGreaterThanOrEqual(Math.floor(frame.height * 0.06));
          expect(linePixels(line.text, line.fontSize)).toBeLessThanOrEqual(frame.width * 0.9);
        }
      }
    });

    it('wraps a 33-character caption onto two lines where the sentence pauses, else never before a mark', () => {
      const { lines } = layoutMovieText([{ text: longest[1]!, role: 'caption' }], 'lower', HD);
      expect(lines.map((l) => l.text)).toEqual([
        'フロントグリルとバンパーは新品に交換済み、',
        'ボディ全体に光沢コーティング済',
      ]);
      const unpaused = layoutMovieText(
        [{ text: `${'全'.repeat(16)}ー${'全'.repeat(16)}`, role: 'caption' }],
        'lower',
        HD,
      );
      expect(unpaused.lines).toHaveLength(2);
      expect(unpaused.lines[1]?.text.startsWith('ー')).toBe(false);
      expect(unpaused.lines[0]?.text.endsWith('ー')).toBe(true);
      expect((lines[1]?.top ?? 0) + (lines[1]?.height ?? 0)).toBe(Math.round(1080 * 0.9));
      expect(lines[0]?.fontSize).toBe(Math.floor(1080 * 0.065));
    });

    it("is some 14 px on the buyer's phone, on a box that keeps contrast and does not overlap the next line's", () => {
      const [line] = layoutMovieText([{ text: 'インテリア', role: 'caption' }], 'lower', PHONE).lines;
      expect(line?.fontSize).toBeGreaterThanOrEqual(14);
      expect(line?.boxPad).toBeGreaterThanOrEqual(2);
      expect((1 + 0.05) / (luminance(1 - MOVIE_CAPTION_BOX.opacity) + 0.05)).toBeGreaterThanOrEqual(4.5);
      // The glyphs take about 0.8 em: two padded boxes stay within the lines' pitch.
      expect(0.8 + 2 * MOVIE_CAPTION_BOX.pad).toBeLessThanOrEqual(MOVIE_LINE_HEIGHT);
      const [title] = layoutMovieText(opening, 'center', HD).lines;
      expect(title?.boxPad).toBeNull();
    });
  });
});
