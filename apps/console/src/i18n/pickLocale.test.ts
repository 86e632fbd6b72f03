import { describe, expect, it } from 'vitest';
import { pickLocale } from './pickLocale.ts';

describe('pickLocale', () => {
  it('prefers a supported cookie value', () => {
    expect(pickLocale('fr', ['ja-JP'])).toBe('fr');
  });

  it('ignores an unsupported cookie and uses the first supported browser language', () => {
    expect(pickLocale('de', ['de-DE', 'pt-BR', 'en'])).toBe('pt');
    expect(pickLocale(undefined, ['JA'])).toBe('ja');
  });

  it('falls back to English when the browser names only other languages', () => {
    expect(pickLocale(null, ['de-DE', 'zh-CN'])).toBe('en');
  });

  it('stays in Japanese when the browser names no language', () => {
    expect(pickLocale(undefined, [])).toBe('ja');
  });
});
