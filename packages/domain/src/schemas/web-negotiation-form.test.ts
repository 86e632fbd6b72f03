import { describe, expect, it } from 'vitest';
import { webNegotiationFormSchema, zonedInstant, zonedParts } from './web-negotiation-form.ts';

const form = (over: Record<string, unknown> = {}) => ({
  title: '商談',
  description: '',
  host_user_id: '',
  date: '2031-03-10',
  time: '10:00',
  duration_minutes: '60',
  time_zone: 'Asia/Tokyo',
  vehicle_ids: [],
  invitees: [{ name: 'Buyer', email: 'buyer@example.test', phone: '' }],
  ...over,
});
const rules = (values: Record<string, unknown>) =>
  (webNegotiationFormSchema.safeParse(values).error?.issues ?? []).map(
    (i) => `${i.path.join('.')}:${(i as { params?: { rule?: string } }).params?.rule ?? i.code}`,
  );

describe('the meeting form', () => {
  it("reads a date and a time on a zone's clock as one instant, across daylight saving", () => {
    expect(zonedInstant('2031-03-10', '10:00', 'Asia/Tokyo')).toBe('2031-03-10T01:00:00.000Z');
    expect(zonedInstant('2031-07-01', '09:30', 'US/Eastern')).toBe('2031-07-01T13:30:00.000Z');
    expect(zonedInstant('2031-01-15', '09:30', 'US/Eastern')).toBe('2031-01-15T14:30:00.000Z');
    expect(zonedParts('2031-03-10T01:00:00.000Z', 'Asia/Tokyo')).toEqual({ date: '2031-03-10', time: '10:00' });
    expect(zonedInstant('', '10:00', 'UTC')).toBeNull();
  });

  it('gives the body of the save, and refuses a past time and a repeated invitee on their fields', () => {
    const body = webNegotiationFormSchema.parse(form());
    expect(body).toMatchObject({
      starts_at: '2031-03-10T01:00:00.000Z',
      duration_minutes: 60,
      time_zone: 'Asia/Tokyo',
    });
    expect(body).not.toHaveProperty('host_user_id');
    expect(rules(form({ date: '2020-01-01' }))).toEqual(['time:not_in_past']);
    const twice = [
      { name: 'A', email: 'same@example.test', phone: '' },
      { name: 'B', email: 'same@example.test', phone: '' },
    ];
    expect(rules(form({ invitees: twice }))).toEqual(['invitees.1.email:no_duplicates']);
    expect(rules(form({ invitees: [{ name: 'C', email: '', phone: '' }] }))).toEqual(['invitees.0.email:required']);
  });
});
