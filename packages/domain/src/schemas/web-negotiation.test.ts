import { describe, expect, it } from 'vitest';
import { parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';
import { webNegotiationBody, webNegotiationNotesBody } from './web-negotiation.ts';

const base = {
  title: 'Test drive talk',
  starts_at: '2030-01-10T10:00:00+09:00',
  duration_minutes: 60,
};

const rules = (input: unknown) => fieldRulesOf(webNegotiationBody, input);

describe('the meeting body', () => {
  it('takes a meeting with defaults and refuses each broken field with its rule', () => {
    const ok = parseFields(webNegotiationBody, base);
    expect(ok.ok && ok.data).toMatchObject({ time_zone: 'Asia/Tokyo', vehicle_ids: [], invitees: [], description: '' });
    expect(rules({ ...base, title: ' ' })).toEqual(['title:required']);
    expect(rules({ ...base, duration_minutes: 481 })).toEqual(['duration_minutes:range']);
    expect(rules({ ...base, starts_at: '2030-01-10 10:00' })).toEqual(['starts_at:format']);
    expect(rules({ ...base, vehicle_ids: ['1', '2', '3', '4', '5', '6'] })).toEqual(['vehicle_ids:max_items']);
    expect(rules({ ...base, vehicle_ids: ['1', '1'] })).toEqual(['vehicle_ids:no_duplicates']);
    expect(rules({ ...base, invitees: [{ name: 'A' }] })).toEqual(['invitees.0.email:required']);
  });

  it('refuses the same e-mail or phone twice in one set of invitees, naming the repeated one', () => {
    const a = { name: 'A', email: 'buyer@example.test' };
    expect(rules({ ...base, invitees: [a, { name: 'B', email: 'BUYER@example.test' }] })).toEqual([
      'invitees.1.email:no_duplicates',
    ]);
    expect(
      rules({ ...base, invitees: [{ phone: '090-1234-5678' }, { email: 'c@example.test', phone: '09012345678' }] }),
    ).toEqual(['invitees.1.phone:no_duplicates']);
    expect(rules({ ...base, invitees: [a, { phone: '090-1234-5678' }] })).toEqual([]);
  });

  it('keeps a memo and an evaluation sheet, refusing a score outside 1 to 5', () => {
    expect(parseFields(webNegotiationNotesBody, { memo: 'x' }).ok).toBe(true);
    const bad = parseFields(webNegotiationNotesBody, { memo: '', evaluation: { score: 6 } });
    expect(bad.ok ? [] : bad.fields.map((f) => f.field)).toEqual(['evaluation.score']);
  });
});
