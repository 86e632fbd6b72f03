import { DEFAULT_PAGE_SIZE, SEARCH_MAX_LENGTH } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { listPositionQuery, readListPosition } from './listPosition.ts';

describe('readListPosition', () => {
  it('reads page, size and search', () => {
    expect(readListPosition(new URLSearchParams('q=abc&page=3&limit=50'))).toEqual({ page: 3, limit: 50, q: 'abc' });
  });

  it('falls back to the first page and the given size on missing or wrong values', () => {
    expect(readListPosition(new URLSearchParams('page=-2&limit=7'), 100)).toEqual({ page: 1, limit: 100, q: '' });
    expect(readListPosition(new URLSearchParams('page=x'))).toEqual({ page: 1, limit: DEFAULT_PAGE_SIZE, q: '' });
  });

  it('cuts a search from the address to the length the server accepts', () => {
    const q = readListPosition(new URLSearchParams({ q: '検'.repeat(10_000) })).q;
    expect(q).toBe('検'.repeat(SEARCH_MAX_LENGTH));
  });
});

describe('listPositionQuery', () => {
  it('leaves out what is at its default', () => {
    expect(listPositionQuery({ page: 1, limit: DEFAULT_PAGE_SIZE, q: '  ' }, { role: '' }).toString()).toBe('');
  });

  it('writes the search, then the filters, then page and size', () => {
    const query = listPositionQuery({ page: 2, limit: 50, q: ' tanaka ' }, { role: 'admin', sort: 'created_asc' });
    expect(query.toString()).toBe('q=tanaka&role=admin&sort=created_asc&page=2&limit=50');
  });
});
