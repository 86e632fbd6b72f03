import { describe, expect, it } from 'vitest';
import { captionWidth, categoryCaption, charWidth, cutToWidth, removeLineBreaks } from './caption.ts';

describe('charWidth and captionWidth', () => {
  it.each([
    ['a', 0.5],
    [' ', 0.5],
    ['~', 0.5],
    ['ｱ', 0.5],
    ['あ', 1],
    ['漢', 1],
    ['Ａ', 1],
    ['é', 1],
    ['😀', 1],
  ])('%s counts %s', (ch, w) => {
    expect(charWidth(ch)).toBe(w);
    expect(captionWidth(ch)).toBe(w);
  });

  it.each([
    ['', 0],
    ['abcd', 2],
    ['車両abc', 3.5],
    ['ｶﾀｶﾅ', 2],
  ])('%s is %s wide', (text, w) => {
    expect(captionWidth(text)).toBe(w);
  });
});

describe('categoryCaption', () => {
  it.each([
    ['short', 'short'],
    ['line\nbreak\r\nand\rcr', 'linebreakandcr'],
    ['あ'.repeat(101), 'あ'.repeat(100)],
    ['a'.repeat(201), 'a'.repeat(200)],
    [`${'あ'.repeat(99)}ab`, `${'あ'.repeat(99)}ab`],
    [`${'あ'.repeat(99)}aい`, `${'あ'.repeat(99)}a`],
    [`${'😀'.repeat(100)}x`, '😀'.repeat(100)],
  ])('%#', (input, expected) => {
    expect(categoryCaption(input)).toBe(expected);
  });

  it('property: the cut is the longest prefix of the unbroken text within width 100', () => {
    const alphabet = ['a', 'Z', ' ', 'あ', '漢', 'ｱ', '\n', '\r\n', '😀', 'é'];
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let run = 0; run < 500; run++) {
      const len = next() % 260;
      let text = '';
      for (let i = 0; i < len; i++) text += alphabet[next() % alphabet.length];
      const cut = categoryCaption(text);
      const flat = removeLineBreaks(text);
      expect(cut).not.toMatch(/[\r\n]/);
      expect(flat.startsWith(cut)).toBe(true);
      expect(captionWidth(cut)).toBeLessThanOrEqual(100);
      const rest = [...flat.slice(cut.length)];
      if (rest.length > 0) expect(captionWidth(cut) + charWidth(rest[0] ?? '')).toBeGreaterThan(100);
    }
  });

  it('cutToWidth never splits a surrogate pair', () => {
    expect(cutToWidth('😀😀', 1.5)).toBe('😀');
  });
});
