import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';
import { PAGE_MAX, pageQuery, SEARCH_MAX_LENGTH, searchText, splitKeywords } from './lists.ts';

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

describe('the page query every list shares', () => {
  const rulesOf = (query: Record<string, unknown>) => fieldRulesOf(pageQuery, query);

  it('defaults to the first page of the default size and reads query-string numbers', () => {
    expect(parseFields(pageQuery, {})).toEqual({ ok: true, data: { page: 1, limit: DEFAULT_PAGE_SIZE } });
    expect(parseFields(pageQuery, { page: '3', limit: '50' })).toEqual({ ok: true, data: { page: 3, limit: 50 } });
  });

  it('refuses pages out of range and sizes that are not offered', () => {
    expect(rulesOf({ page: '0' })).toEqual(['page:range']);
    expect(rulesOf({ page: String(PAGE_MAX + 1) })).toEqual(['page:range']);
    expect(rulesOf({ page: String(PAGE_MAX) })).toEqual([]);
    expect(rulesOf({ limit: '20' })).toEqual(['limit:one_of']);
    expect(rulesOf({ page: 'x' })).toEqual(['page:format']);
  });
});
