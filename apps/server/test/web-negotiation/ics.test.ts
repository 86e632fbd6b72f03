import { describe, expect, it } from 'vitest';
import { calendarInvitation, escapeText, foldLine } from '../../src/modules/web-negotiation/ics.ts';

/** The calendar invitation's text: RFC 5545 escaping, 75-octet folding that never splits a character, CRLF. */
describe('the calendar invitation', () => {
  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'商談'.repeat(40)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`SUMMARY:${'商談'.repeat(40)}`);
  });

  it('writes one event with METHOD, UID, SEQUENCE and UTC times, CRLF throughout', () => {
    const ics = calendarInvitation({
      method: 'CANCEL',
      uid: 'web-negotiation-7@dealer.test',
      sequence: 3,
      start: new Date('2031-01-02T01:00:00Z'),
      end: new Date('2031-01-02T02:00:00Z'),
      stamp: new Date('2030-12-01T00:00:00.123Z'),
      summary: 'Prius, red',
      description: 'line 1\nline 2',
      organizer: { name: 'Sato; Sales', email: 'sato@dealer.test' },
      attendee: { name: 'Buyer', email: 'buyer@example.test' },
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = ics.split('\r\n');
    for (const expected of [
      'METHOD:CANCEL',
      'UID:web-negotiation-7@dealer.test',
      'SEQUENCE:3',
      'DTSTART:20310102T010000Z',
      'DTEND:20310102T020000Z',
      'DTSTAMP:20301201T000000Z',
      'SUMMARY:Prius\\, red',
      'DESCRIPTION:line 1\\nline 2',
      'ORGANIZER;CN="Sato; Sales":mailto:sato@dealer.test',
      'STATUS:CANCELLED',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });
});
