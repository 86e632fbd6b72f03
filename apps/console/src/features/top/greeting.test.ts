import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting.ts';

describe('greetingKey', () => {
  it('follows the time of day', () => {
    expect(greetingKey(5)).toBe('top.greeting.morning');
    expect(greetingKey(10)).toBe('top.greeting.morning');
    expect(greetingKey(11)).toBe('top.greeting.afternoon');
    expect(greetingKey(17)).toBe('top.greeting.afternoon');
    expect(greetingKey(18)).toBe('top.greeting.evening');
    expect(greetingKey(2)).toBe('top.greeting.evening');
  });
});
