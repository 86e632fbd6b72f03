import { describe, expect, it } from 'vitest';
import { parseFields } from './field-errors.ts';
import { MOVIE_MAIL_LIMITS, movieMailBody, movieMailExpiry } from './movie-mail.ts';

const base = { content_id: '1', to: ['buyer@example.test'], subject: 'Your car', body: 'Hello' };
const rules = (input: unknown) => {
  const parsed = parseFields(movieMailBody, input);
  return parsed.ok ? [] : parsed.fields.map((e) => `${e.field}:${e.rule}`);
};
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('movie mail fields', () => {
  it('takes a plain mail with the default expiry of 30 days and the default language', () => {
    const mail = movieMailBody.parse(base);
    expect(mail).toMatchObject({ cc: [], expiry: '30', expires_on: null, language: 'ja' });
  });

  it('refuses an address twice across recipients and cc (ignoring case), naming the later one', () => {
    expect(rules({ ...base, cc: ['Buyer@Example.test'] })).toEqual(['cc.0:no_duplicates']);
    expect(rules({ ...base, to: ['a@example.test', 'a@example.test'] })).toEqual(['to.1:no_duplicates']);
  });

  it('refuses no recipient, a bad address, too many addresses, a two-line subject, an empty or long body', () => {
    expect(rules({ ...base, to: [] })).toEqual(['to:required']);
    expect(rules({ ...base, cc: ['not-an-address'] })).toEqual(['cc.0:email']);
    const many = Array.from({ length: MOVIE_MAIL_LIMITS.recipientsMax + 1 }, (_, i) => `b${i}@example.test`);
    expect(rules({ ...base, to: many })).toEqual(['to:max_length']);
    expect(rules({ ...base, subject: 'a\nBcc: x@example.test' })).toEqual(['subject:format']);
    expect(rules({ ...base, body: '   ' })).toEqual(['body:required']);
    expect(rules({ ...base, body: 'x'.repeat(MOVIE_MAIL_LIMITS.bodyMax + 1) })).toEqual(['body:max_length']);
  });

  it('takes a date from today to 90 days ahead and refuses one outside, or none', () => {
    expect(rules({ ...base, expiry: 'date', expires_on: day(10) })).toEqual([]);
    expect(rules({ ...base, expiry: 'date', expires_on: day(-2) })).toEqual(['expires_on:range']);
    expect(rules({ ...base, expiry: 'date', expires_on: day(120) })).toEqual(['expires_on:range']);
    expect(rules({ ...base, expiry: 'date' })).toEqual(['expires_on:required']);
    expect(rules({ ...base, expiry: '45' })).toEqual(['expiry:one_of']);
  });

  it('reads a date as the end of that day in Japan time', () => {
    const now = new Date('2026-11-30T00:00:00Z');
    expect(movieMailExpiry('date', '2026-12-01', now)?.toISOString()).toBe('2026-12-01T14:59:59.000Z');
    expect(movieMailExpiry('7', null, now)?.toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});
