import { describe, expect, it } from 'vitest';
import { buildUrl } from './url.ts';

describe('buildUrl', () => {
  it('adds the cache-busting timestamp to every request', () => {
    expect(buildUrl('/v1/profile', undefined, 123)).toBe('/v1/profile?_=123');
  });

  it('keeps query values, skips absent ones and appends to an existing query string', () => {
    expect(buildUrl('/api/browser/v0/contents', { page: 2, search: 'a,b', sort_by: undefined, cs: null }, 5)).toBe(
      '/api/browser/v0/contents?page=2&search=a%2Cb&_=5',
    );
    expect(buildUrl('/x?preview=0', { redirect_check: false }, 9)).toBe('/x?preview=0&redirect_check=false&_=9');
  });
});
