import { describe, expect, it } from 'vitest';
import { isSupportedLocale, pickLocale, SUPPORTED_LOCALES } from './locale.ts';

describe('pickLocale', () => {
  it.each([
    { cookie: 'fr', langs: ['ja-JP'], expected: 'fr', why: 'a supported cookie wins' },
    { cookie: 'EN', langs: ['ja'], expected: 'en', why: 'cookie compared case-insensitively' },
    { cookie: 'de', langs: ['pt-BR', 'en'], expected: 'pt', why: 'unsupported cookie ignored, region dropped' },
    { cookie: undefined, langs: ['de-DE', 'fr-CA', 'en'], expected: 'fr', why: 'first supported language' },
    { cookie: undefined, langs: ['ja_JP'], expected: 'ja', why: 'underscore separator accepted' },
    { cookie: undefined, langs: ['de', 'ko'], expected: 'en', why: 'only unsupported languages: English' },
    { cookie: undefined, langs: [], expected: 'ja', why: 'no language at all: the default' },
    { cookie: '', langs: ['', ' '], expected: 'ja', why: 'blank entries are no language' },
    { cookie: undefined, langs: ['EN-us'], expected: 'en', why: 'tags are case-insensitive' },
  ] as const)('$why', ({ cookie, langs, expected }) => {
    expect(pickLocale(cookie, langs)).toBe(expected);
  });

  it('always returns a supported locale', () => {
    const samples = [undefined, '', 'ja', 'xx', 'pt', 'en-GB'];
    const langSets = [[], ['xx'], ['pt-PT'], ['zh', 'fr'], ['']];
    for (const c of samples) for (const l of langSets) expect(SUPPORTED_LOCALES).toContain(pickLocale(c, l));
  });

  it('isSupportedLocale', () => {
    expect(isSupportedLocale('ja')).toBe(true);
    expect(isSupportedLocale('jp')).toBe(false);
    expect(isSupportedLocale(3)).toBe(false);
  });
});
