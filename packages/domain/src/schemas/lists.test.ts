import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH, searchText, splitKeywords } from './lists.ts';

describe('list search text', () => {
  it('is at most 100 characters after trimming', () => {
    expect(SEARCH_MAX_LENGTH).toBe(100);
    expect(searchText.safeParse(`  ${'あ'.repeat(100)}  `).success).toBe(true);
    const refused = searchText.safeParse('x'.repeat(101));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.code).toBe('too_big');
  });

  it('splits keywords on half- and full-width commas and 、, dropping blanks and repeats', () => {
    expect(splitKeywords(' taro, sales ,,Taro、東京，x ')).toEqual(['taro', 'sales', '東京', 'x']);
    expect(splitKeywords('  ')).toEqual([]);
    expect(splitKeywords('one word')).toEqual(['one word']);
  });
});
