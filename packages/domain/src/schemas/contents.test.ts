import { describe, expect, it } from 'vitest';
import {
  BASIC_INFO_KEYS,
  contentCreateBody,
  DAMAGE_SYMBOLS,
  inspectionData,
  LEVELLED_SYMBOLS,
  markSymbol,
} from './contents.ts';
import { extendInfoBody } from './contents-extend-info.ts';
import { parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';

describe('the vehicle body', () => {
  it('needs only a management ID and fills every other field with its empty value', () => {
    const r = parseFields(contentCreateBody, { management_id: '  A-001 ' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.management_id).toBe('A-001');
    expect(r.data.maker).toBe('');
    expect(r.data.first_registration_year).toBeNull();
    expect(r.data.option_display).toBe(true);
    expect(r.data.development_view_position).toBe('inside');
    expect(r.data.basic_info_shown).toEqual([]);
  });

  it('refuses a missing, blank, over-long or control-character management ID on that field', () => {
    expect(fieldRulesOf(contentCreateBody, {})).toEqual(['management_id:required']);
    expect(fieldRulesOf(contentCreateBody, { management_id: '   ' })).toEqual(['management_id:required']);
    expect(fieldRulesOf(contentCreateBody, { management_id: 'x'.repeat(51) })).toEqual(['management_id:max_length']);
    expect(fieldRulesOf(contentCreateBody, { management_id: 'A\u0007B' })).toEqual(['management_id:format']);
  });

  it('names each broken bound on its own field', () => {
    expect(
      fieldRulesOf(contentCreateBody, {
        management_id: 'A',
        maker: 'm'.repeat(51),
        first_registration_year: 1899,
        first_registration_month: 13,
        displacement: -1,
        mileage: 1.5,
        handle: 'middle',
        repair_history: 'maybe',
        inspection_period: '2027-13',
        chassis_number: 'ZVW30 123',
        mail: 'not-mail',
        analytics_tag: '<script>',
        nickname: 'x',
      }).sort(),
    ).toEqual(
      [
        'analytics_tag:format',
        'chassis_number:format',
        'displacement:range',
        'first_registration_month:range',
        'first_registration_year:range',
        'handle:one_of',
        'inspection_period:format',
        'mail:email',
        'maker:max_length',
        'mileage:integer',
        'nickname:unknown_field',
        'repair_history:one_of',
      ].sort(),
    );
  });

  it('upper-cases the chassis number and accepts a Japanese frame number', () => {
    const r = parseFields(contentCreateBody, { management_id: 'A', chassis_number: 'zvw30-1234567' });
    expect(r.ok && r.data.chassis_number).toBe('ZVW30-1234567');
  });

  it('checks fields against each other: month needs a year, total not below price, tag on needs an id', () => {
    expect(fieldRulesOf(contentCreateBody, { management_id: 'A', first_registration_month: 4 })).toEqual([
      'first_registration_year:requires',
    ]);
    expect(
      fieldRulesOf(contentCreateBody, { management_id: 'A', price_with_tax: 1_000_000, total_price_with_tax: 999_999 }),
    ).toEqual(['total_price_with_tax:range']);
    expect(fieldRulesOf(contentCreateBody, { management_id: 'A', analytics_tag_enabled: true })).toEqual([
      'analytics_tag:required',
    ]);
    expect(
      fieldRulesOf(contentCreateBody, {
        management_id: 'A',
        analytics_tag_enabled: true,
        analytics_tag: 'G-ABC123XYZ',
      }),
    ).toEqual([]);
  });

  it('takes a limited-publication password of 4 to 32 printable ASCII characters, or empty to keep the stored one', () => {
    for (const ok of ['', 'abcd', 'P@ss-w0rd!', 'x'.repeat(32)]) {
      expect(fieldRulesOf(contentCreateBody, { management_id: 'A', limited_password: ok }), ok).toEqual([]);
    }
    expect(fieldRulesOf(contentCreateBody, { management_id: 'A', limited_password: 'abc' })).toEqual([
      'limited_password:min_length',
    ]);
    expect(fieldRulesOf(contentCreateBody, { management_id: 'A', limited_password: 'pass word' })).toEqual([
      'limited_password:ascii_only',
    ]);
  });

  it('lets buyers see only known basic info fields', () => {
    expect(fieldRulesOf(extendInfoBody, { id: '1', basic_info_shown: ['maker', 'mileage'] })).toEqual([]);
    expect(fieldRulesOf(extendInfoBody, { id: '1', basic_info_shown: ['limited_password'] })).toEqual([
      'basic_info_shown.0:one_of',
    ]);
    expect(BASIC_INFO_KEYS).toContain('vehicle_inspection');
  });
});

describe('inspection marks', () => {
  it('need a level exactly for the levelled symbols', () => {
    for (const symbol of DAMAGE_SYMBOLS) {
      const levelled = LEVELLED_SYMBOLS.includes(symbol);
      const withLevel = fieldRulesOf(inspectionData, { marks: [{ panel: 'bonnet', symbol, level: 2 }] });
      const without = fieldRulesOf(inspectionData, { marks: [{ panel: 'bonnet', symbol }] });
      expect(withLevel, symbol).toEqual(levelled ? [] : ['marks.0.level:one_of']);
      expect(without, symbol).toEqual(levelled ? ['marks.0.level:required'] : []);
    }
  });

  it('refuses an unknown panel and prints symbols as the damage map does', () => {
    expect(fieldRulesOf(inspectionData, { marks: [{ panel: 'spoiler', symbol: 'A', level: 1 }] })).toEqual([
      'marks.0.panel:one_of',
    ]);
    expect(markSymbol({ symbol: 'A', level: 2 })).toBe('A2');
    expect(markSymbol({ symbol: 'XX', level: null })).toBe('XX');
  });
});
