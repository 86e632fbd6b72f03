import { describe, expect, it } from 'vitest';
import { checkCompanyLogo, checkDomainLogo, checkRoundLogo, checkSplashImage, companySchema } from './company.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';
import { isTel } from './phone.ts';

const MB = 1024 * 1024;
const rulesOf = (input: unknown) => fieldRulesOf(companySchema, input);

describe('companySchema', () => {
  it('a name alone is enough; the rest takes defaults', () => {
    expect(companySchema.parse({ name: ' Yamada Motors ' })).toEqual({
      name: 'Yamada Motors',
      corporate_code: '',
      store_code: '',
      zip1: '',
      zip2: '',
      prefecture: null,
      state: '',
      city: '',
      street: '',
      tel: '',
      country: 'JP',
      credit_notation: '',
      subdomain: '',
    });
  });

  it('a full Japanese address passes', () => {
    const c = {
      name: '山田モータース',
      corporate_code: 'C-0012',
      store_code: 'S01',
      zip1: '100',
      zip2: '0001',
      prefecture: 13,
      city: '千代田区',
      street: '千代田1-1',
      tel: '03-1234-5678',
      country: 'jp',
      credit_notation: 'YAMADA MOTORS',
      subdomain: 'Yamada-Motors',
    };
    const parsed = companySchema.parse(c);
    expect(parsed.country).toBe('JP');
    expect(parsed.subdomain).toBe('yamada-motors');
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['name missing', {}, ['name:required']],
    ['name blank', { name: '   ' }, ['name:required']],
    ['name of 101 characters', { name: 'x'.repeat(101) }, ['name:max_length']],
    ['zip1 of 2 digits', { name: 'A', zip1: '10', zip2: '0001' }, ['zip1:format']],
    ['zip2 of 3 digits', { name: 'A', zip1: '100', zip2: '001' }, ['zip2:format']],
    ['full-width zip', { name: 'A', zip1: '１００', zip2: '0001' }, ['zip1:format']],
    ['zip1 without zip2', { name: 'A', zip1: '100' }, ['zip2:required']],
    ['zip2 without zip1', { name: 'A', zip2: '0001' }, ['zip1:required']],
    ['prefecture 0', { name: 'A', prefecture: 0 }, ['prefecture:range']],
    ['prefecture 48', { name: 'A', prefecture: 48 }, ['prefecture:range']],
    ['prefecture 47', { name: 'A', prefecture: 47 }, []],
    ['prefecture 1.5', { name: 'A', prefecture: 1.5 }, ['prefecture:integer']],
    ['tel with letters', { name: 'A', tel: '03-ABCD-5678' }, ['tel:format']],
    ['tel with a double hyphen', { name: 'A', tel: '03--1234' }, ['tel:format']],
    ['country of 3 letters', { name: 'A', country: 'JPN' }, ['country:format']],
    ['subdomain with a dot', { name: 'A', subdomain: 'a.b' }, ['subdomain:format']],
    ['subdomain with repeated hyphens', { name: 'A', subdomain: 'a--b' }, ['subdomain:format']],
    ['corporate code with a space', { name: 'A', corporate_code: 'C 1' }, ['corporate_code:format']],
    ['street of 201 characters', { name: 'A', street: 'x'.repeat(201) }, ['street:max_length']],
  ])('%s', (_name, input, expected) => {
    expect(rulesOf(input)).toEqual(expected);
  });

  it.each([
    ['03-1234-5678', true],
    ['0312345678', true],
    ['+81-3-1234-5678', true],
    ['12345', false],
    ['-0312345678', false],
    ['031234567-', false],
    ['０３１２３４５６７８', false],
  ] as const)('isTel(%s) = %s', (tel, expected) => {
    expect(isTel(tel)).toBe(expected);
  });
});

const rules = (errors: { rule: string }[]) => errors.map((e) => e.rule);

describe('checkCompanyLogo', () => {
  it.each<[string, { mime: string; bytes: number }, string[]]>([
    ['png', { mime: 'image/png', bytes: 1000 }, []],
    ['gif', { mime: 'image/gif', bytes: 1000 }, []],
    ['jpeg', { mime: 'image/jpeg', bytes: 1000 }, []],
    ['upper-case mime', { mime: 'IMAGE/PNG', bytes: 1000 }, []],
    ['exactly 5 MB', { mime: 'image/png', bytes: 5 * MB }, []],
    ['over 5 MB', { mime: 'image/png', bytes: 5 * MB + 1 }, ['max_size']],
    ['webp', { mime: 'image/webp', bytes: 1000 }, ['format']],
    ['svg and too large', { mime: 'image/svg+xml', bytes: 6 * MB }, ['format', 'max_size']],
    ['empty file', { mime: 'image/png', bytes: 0 }, ['required']],
  ])('%s', (_name, image, expected) => {
    expect(rules(checkCompanyLogo(image))).toEqual(expected);
  });

  it('errors name the field and give a message', () => {
    expect(checkCompanyLogo({ mime: 'image/webp', bytes: 1 })[0]).toEqual({
      field: 'logo',
      rule: 'format',
      message: 'The image must be PNG, GIF or JPEG.',
    });
  });
});

describe('checkDomainLogo', () => {
  it.each<[string, { mime: string; bytes: number; width: number; height: number }, string[]]>([
    ['PNG 488x110', { mime: 'image/png', bytes: 50_000, width: 488, height: 110 }, []],
    ['exactly 2 MB', { mime: 'image/png', bytes: 2 * MB, width: 488, height: 110 }, []],
    ['over 2 MB', { mime: 'image/png', bytes: 2 * MB + 1, width: 488, height: 110 }, ['max_size']],
    ['JPEG', { mime: 'image/jpeg', bytes: 50_000, width: 488, height: 110 }, ['format']],
    ['487 wide', { mime: 'image/png', bytes: 50_000, width: 487, height: 110 }, ['exact_dimensions']],
    ['transposed', { mime: 'image/png', bytes: 50_000, width: 110, height: 488 }, ['exact_dimensions']],
    [
      'every rule broken',
      { mime: 'image/gif', bytes: 3 * MB, width: 976, height: 220 },
      ['format', 'max_size', 'exact_dimensions'],
    ],
  ])('%s', (_name, image, expected) => {
    expect(rules(checkDomainLogo(image))).toEqual(expected);
  });
});

describe('splash and round logo', () => {
  it.each<[string, string[], string[]]>([
    ['splash 860x645 JPEG', rules(checkSplashImage({ mime: 'image/jpeg', bytes: 1, width: 860, height: 645 })), []],
    [
      'splash 861 wide',
      rules(checkSplashImage({ mime: 'image/png', bytes: 1, width: 861, height: 645 })),
      ['max_dimensions'],
    ],
    ['splash GIF', rules(checkSplashImage({ mime: 'image/gif', bytes: 1, width: 10, height: 10 })), ['format']],
    ['round 300x300', rules(checkRoundLogo({ mime: 'image/png', bytes: 1, width: 300, height: 300 })), []],
    [
      'round 301 high',
      rules(checkRoundLogo({ mime: 'image/png', bytes: 1, width: 300, height: 301 })),
      ['max_dimensions'],
    ],
  ])('%s', (_name, got, expected) => {
    expect(got).toEqual(expected);
  });
});
