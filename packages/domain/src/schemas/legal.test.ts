import { describe, expect, it } from 'vitest';
import { contactBody, legalParagraphs, legalTextsSchema, servedLanguage } from './legal.ts';

describe('legal texts', () => {
  it('serves the language asked for, else Japanese, else English', () => {
    const texts = { ja: '規約', en: 'Terms', fr: '', pt: 'Termos' };
    expect(servedLanguage(texts, 'pt')).toBe('pt');
    expect(servedLanguage(texts, 'fr')).toBe('ja');
    expect(servedLanguage({ ...texts, ja: '' }, 'fr')).toBe('en');
    expect(servedLanguage({ ja: '', en: '', fr: '', pt: '' }, 'fr')).toBe('fr');
  });

  it('reads paragraphs apart by blank lines, keeping line breaks and markup as text', () => {
    expect(legalParagraphs('First line\nsecond line\n\n \n<b>two</b>\n\n\n')).toEqual([
      ['First line', 'second line'],
      ['<b>two</b>'],
    ]);
  });

  it('stores line ends as \\n and trims the text', () => {
    const parsed = legalTextsSchema.parse({ ja: ' a\r\n\r\nb\r ', en: '', fr: '', pt: '' });
    expect(parsed.ja).toBe('a\n\nb');
    expect(legalTextsSchema.safeParse({ ja: 'x'.repeat(60_001), en: '', fr: '', pt: '' }).success).toBe(false);
  });
});

describe('contact body', () => {
  const ok = { inquiry_type: 'security', subject: 'Two-step', body: 'Hello\r\nthere' };

  it('takes the five types, a one-line subject and a body within bounds', () => {
    expect(contactBody.parse(ok)).toEqual({ ...ok, body: 'Hello\nthere', language: 'ja' });
    expect(contactBody.safeParse({ ...ok, inquiry_type: 'billing' }).success).toBe(false);
    expect(contactBody.safeParse({ ...ok, subject: 'a\nBcc: x@example.com' }).success).toBe(false);
    expect(contactBody.safeParse({ ...ok, subject: 'a'.repeat(101) }).success).toBe(false);
    expect(contactBody.safeParse({ ...ok, body: '   ' }).success).toBe(false);
    expect(contactBody.safeParse({ ...ok, body: 'a'.repeat(4001) }).success).toBe(false);
  });
});
