import { describe, expect, it } from 'vitest';
import { EXTERIOR_SIZES } from '../constants.ts';
import {
  applyDomainOptionsPatch,
  companyCodeSchema,
  DEFAULT_DOMAIN_OPTIONS,
  DOMAIN_OPTION_FIELDS,
  domainOptionsPatchSchema,
  domainOptionsSchema,
  EXTERIOR_SIZE_IDS,
  hostFlagsSchema,
  hostLabelSchema,
  hostNameProblem,
  hostNameSchema,
  normaliseHostName,
  readDomainOptions,
} from './domain.ts';
import { parseFields } from './field-errors.ts';

const rulesOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
  const r = parseFields(schema, input);
  return r.ok ? [] : r.fields.map((f) => `${f.field}:${f.rule}`);
};

describe('hostNameSchema', () => {
  it.each<[string, string, string | null]>([
    ['a plain host', 'dealer.example.com', 'dealer.example.com'],
    ['upper case and a trailing dot are normalised', ' Dealer.Example.COM. ', 'dealer.example.com'],
    ['single hyphens', 'my-car-shop.example.jp', 'my-car-shop.example.jp'],
    ['digits inside labels', '360car.example.com', '360car.example.com'],
    ['a single label', 'localhost', 'localhost'],
    ['63-character label', `${'a'.repeat(63)}.example.com`, `${'a'.repeat(63)}.example.com`],
  ])('%s', (_name, input, expected) => {
    expect(hostNameSchema.parse(input)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['empty', '', 'required'],
    ['two hyphens in a row', 'my--shop.example.com', 'no_repeated_hyphens'],
    ['three hyphens in a row', 'a---b.example.com', 'no_repeated_hyphens'],
    ['punycode (contains --)', 'xn--eckwd4c7c.jp', 'no_repeated_hyphens'],
    ['leading hyphen', '-shop.example.com', 'format'],
    ['trailing hyphen', 'shop-.example.com', 'format'],
    ['underscore', 'my_shop.example.com', 'format'],
    ['empty label', 'shop..example.com', 'format'],
    ['leading dot', '.example.com', 'format'],
    ['64-character label', `${'a'.repeat(64)}.example.com`, 'format'],
    ['an IP address', '192.168.0.1', 'format'],
    ['a port', 'example.com:8080', 'format'],
    ['a scheme', 'https://example.com', 'format'],
    ['non-ASCII', 'くるま.jp', 'format'],
    ['over 253 characters', `${'a'.repeat(60)}.`.repeat(5).concat('com'), 'max_length'],
  ])('%s is refused with %s', (_name, input, rule) => {
    expect(rulesOf(hostNameSchema, input)).toEqual([`:${rule}`]);
  });

  it('hostNameProblem works on normalised names', () => {
    expect(hostNameProblem(normaliseHostName('A.B.C'))).toBeNull();
  });

  it.each<[string, string[]]>([
    ['shop', []],
    ['123', []],
    ['a.b', [':format']],
    ['a--b', [':no_repeated_hyphens']],
    ['', [':required']],
  ])('hostLabelSchema %j', (input, expected) => {
    expect(rulesOf(hostLabelSchema, input)).toEqual(expected);
  });
});

describe('companyCodeSchema', () => {
  it.each<[unknown, boolean]>([
    ['0006', true],
    [' 0021 ', true],
    ['006', false],
    ['00066', false],
    ['00a6', false],
    ['０００６', false],
    [6, false],
  ])('%j valid: %s', (input, valid) => {
    expect(companyCodeSchema.safeParse(input).success).toBe(valid);
  });
});

describe('hostFlagsSchema', () => {
  it.each<[unknown, string[]]>([
    [[], []],
    [['bike', 'dealer_brand'], []],
    [['bike', 'bike'], [':format']],
    [['car'], ['0:one_of']],
    ['bike', [':format']],
  ])('%j', (input, expected) => {
    expect(rulesOf(hostFlagsSchema, input)).toEqual(expected);
  });
});

describe('domainOptionsSchema', () => {
  it('an empty object yields every default', () => {
    expect(domainOptionsSchema.parse({})).toEqual(DEFAULT_DOMAIN_OPTIONS);
  });

  it('every field has a default and the defaults pass their own fields', () => {
    expect(Object.keys(DEFAULT_DOMAIN_OPTIONS).sort()).toEqual(Object.keys(DOMAIN_OPTION_FIELDS).sort());
    expect(domainOptionsSchema.parse(DEFAULT_DOMAIN_OPTIONS)).toEqual(DEFAULT_DOMAIN_OPTIONS);
  });

  it.each([
    ['exterior_frame_count', 36],
    ['web_negotiation_max_time', 120],
    ['web_negotiation_limit_interval', 'month'],
    ['web_negotiation_participants', 2],
    ['is_user_add', true],
    ['vehicle_limit', null],
    ['movie_backup_days', null],
    ['login_limit_count', null],
    ['content_style', 'car'],
  ] as const)('default %s is %j', (key, value) => {
    expect(DEFAULT_DOMAIN_OPTIONS[key]).toBe(value);
  });

  it('exterior size ids match the constants', () => {
    expect(EXTERIOR_SIZE_IDS).toEqual(EXTERIOR_SIZES.map((s) => s.id));
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['unlimited vehicles', { vehicle_limit: null }, []],
    ['zero vehicles', { vehicle_limit: 0 }, []],
    ['negative vehicle limit', { vehicle_limit: -1 }, ['vehicle_limit:range']],
    ['fractional vehicle limit', { vehicle_limit: 1.5 }, ['vehicle_limit:integer']],
    ['string vehicle limit: wrong type', { vehicle_limit: '10' }, ['vehicle_limit:format']],
    ['unknown limit mode', { limit_mode: 'per_group' }, ['limit_mode:one_of']],
    ['4K', { exterior_size: '4k' }, []],
    ['8K', { exterior_size: '8k' }, ['exterior_size:one_of']],
    ['participants 3', { web_negotiation_participants: 3 }, []],
    ['participants 5', { web_negotiation_participants: 5 }, ['web_negotiation_participants:one_of']],
    ['backup 3650 days', { movie_backup_days: 3650 }, []],
    ['backup 0 days', { movie_backup_days: 0 }, ['movie_backup_days:range']],
    ['backup 3651 days', { movie_backup_days: 3651 }, ['movie_backup_days:range']],
    ['login limit 100', { login_limit_count: 100 }, []],
    ['login limit 0', { login_limit_count: 0 }, ['login_limit_count:range']],
    ['login limit 101', { login_limit_count: 101 }, ['login_limit_count:range']],
    ['initial row within max', { obvr_rows_max: 3, obvr_initial_row: 3 }, []],
    ['initial row above max', { obvr_rows_max: 2, obvr_initial_row: 3 }, ['obvr_initial_row:range']],
    ['enforced without two-step', { two_step_auth_enforced: true }, ['two_step_auth_enforced:requires']],
    ['enforced with two-step', { two_step_auth: true, two_step_auth_enforced: true }, []],
    ['unknown keys of stored data are dropped', { legacy_flag: true }, []],
    ['a flag must be a boolean', { option_data: 'yes' }, ['option_data:format']],
    ['service name too long', { service_name: 'x'.repeat(101) }, ['service_name:max_length']],
    ['interval year', { web_negotiation_limit_interval: 'year' }, []],
    ['listing key vin', { listing_key_type: 'vin' }, []],
    ['ai detection damage', { ai_detection_type: 'damage' }, []],
    ['upload type group', { upload_type: 'group' }, []],
    ['development view outside', { development_view_position: 'outside' }, []],
  ])('%s', (_name, input, expected) => {
    expect(rulesOf(domainOptionsSchema, input)).toEqual(expected);
  });
});

describe('domainOptionsPatchSchema and applyDomainOptionsPatch', () => {
  it('an unknown option is refused in a patch', () => {
    expect(rulesOf(domainOptionsPatchSchema, { bogus: 1 })).toEqual(['bogus:unknown_field']);
  });

  it('a patch does not fill defaults', () => {
    expect(domainOptionsPatchSchema.parse({ brightness: true })).toEqual({ brightness: true });
  });

  it('merges and keeps the rest', () => {
    const r = applyDomainOptionsPatch(DEFAULT_DOMAIN_OPTIONS, { web_negotiation: true, web_negotiation_limit: 10 });
    expect(r).toEqual({
      ok: true,
      options: { ...DEFAULT_DOMAIN_OPTIONS, web_negotiation: true, web_negotiation_limit: 10 },
    });
  });

  it('checks cross-option rules on the merged result', () => {
    const current = { ...DEFAULT_DOMAIN_OPTIONS, obvr_rows_max: 3, obvr_initial_row: 3 };
    const r = applyDomainOptionsPatch(current, { obvr_rows_max: 2 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields.map((f) => `${f.field}:${f.rule}`)).toEqual(['obvr_initial_row:range']);
  });

  it('reports field errors of the patch', () => {
    const r = applyDomainOptionsPatch(DEFAULT_DOMAIN_OPTIONS, { splash_seconds: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields[0]).toMatchObject({ field: 'splash_seconds', rule: 'range' });
  });
});

describe('readDomainOptions', () => {
  it.each<[string, unknown, Partial<typeof DEFAULT_DOMAIN_OPTIONS>]>([
    ['null', null, {}],
    ['not an object', 'garbage', {}],
    ['valid partial', { option_data: true }, { option_data: true }],
    ['one bad value keeps the good ones', { option_data: true, exterior_size: '8k' }, { option_data: true }],
    [
      'a bad combination is repaired',
      { obvr_rows_max: 2, obvr_initial_row: 5 },
      { obvr_rows_max: 2, obvr_initial_row: 2 },
    ],
    ['enforcement without two-step is dropped', { two_step_auth_enforced: true }, { two_step_auth_enforced: false }],
  ])('%s', (_name, stored, expected) => {
    expect(readDomainOptions(stored)).toEqual({ ...DEFAULT_DOMAIN_OPTIONS, ...expected });
  });
});
