import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './returnPath.ts';

describe('returnPathFrom', () => {
  it('returns the remembered local path with its query', () => {
    expect(returnPathFrom({ from: '/contents/list?page=2' })).toBe('/contents/list?page=2');
  });

  it('falls back to /top without a usable path', () => {
    expect(returnPathFrom(undefined)).toBe('/top');
    expect(returnPathFrom({ from: 42 })).toBe('/top');
    expect(returnPathFrom({ from: 'https://evil.example/' })).toBe('/top');
    expect(returnPathFrom({ from: '//evil.example/' })).toBe('/top');
    expect(returnPathFrom({ from: '/\\evil.example' })).toBe('/top');
  });

  it('never returns to the sign-in and sign-out pages', () => {
    expect(returnPathFrom({ from: '/logout' })).toBe('/top');
    expect(returnPathFrom({ from: '/login/authentication' })).toBe('/top');
  });
});
