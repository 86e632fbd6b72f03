import { describe, expect, it } from 'vitest';
import { parseCookie } from './cookies.ts';

describe('parseCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(parseCookie('a=1; spinyard_locale=fr; b=2', 'spinyard_locale')).toBe('fr');
    expect(parseCookie('x=hello%20world', 'x')).toBe('hello world');
  });

  it('does not match a cookie whose name only ends with the asked name', () => {
    expect(parseCookie('old_spinyard_locale=en', 'spinyard_locale')).toBeUndefined();
  });

  it('keeps a value that is not valid percent-encoding', () => {
    expect(parseCookie('x=100%', 'x')).toBe('100%');
  });

  it('answers undefined for an empty header', () => {
    expect(parseCookie('', 'x')).toBeUndefined();
  });
});
