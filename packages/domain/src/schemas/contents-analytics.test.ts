import { describe, expect, it } from 'vitest';
import { analyticsSettingsBody, analyticsTagBlocked } from './contents-analytics.ts';

describe('the analytics tag rule', () => {
  it('blocks turning the tag on or changing it only while the domain option is off', () => {
    const on = { enabled: true, tag: 'G-ABC123XYZ' };
    expect(analyticsTagBlocked(true, null, on)).toBe(false);
    expect(analyticsTagBlocked(false, null, on)).toBe(true);
    expect(analyticsTagBlocked(false, { enabled: false, tag: '' }, on)).toBe(true);
    expect(analyticsTagBlocked(false, { enabled: true, tag: 'G-OTHER1234' }, on)).toBe(true);
    // Keeping what is stored, and turning it off, always go.
    expect(analyticsTagBlocked(false, on, on)).toBe(false);
    expect(analyticsTagBlocked(false, on, { enabled: false, tag: on.tag })).toBe(false);
  });

  it('names the tag field and its rule', () => {
    const rules = (input: unknown) => {
      const parsed = analyticsSettingsBody.safeParse(input);
      return parsed.success
        ? []
        : parsed.error.issues.map(
            (i) => `${i.path.join('.')}:${(i as { params?: { rule?: string } }).params?.rule ?? i.code}`,
          );
    };
    expect(rules({ content_id: '1', enabled: true })).toEqual(['tag:required']);
    expect(rules({ content_id: '1', enabled: true, tag: 'GTM-ABCDE' })).toEqual(['tag:format']);
    expect(rules({ content_id: '1', enabled: false })).toEqual([]);
  });
});
