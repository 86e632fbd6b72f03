import { parseFields } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import {
  changedCompanyFields,
  companyFormOf,
  companyInputOf,
  companyModalSchema,
  emptyCompanyForm,
  formatAddress,
  parseCompanyForm,
  prefectureName,
  prefectureOptions,
} from './companyForm.ts';

const address = {
  zip1: '100',
  zip2: '0005',
  prefecture: 13,
  state: '',
  city: '千代田区',
  street: '丸の内1-1',
  country: 'JP',
};

describe('prefectures', () => {
  it('are named in Japanese for ja and in romaji otherwise', () => {
    expect(prefectureName(13, 'ja')).toBe('東京都');
    expect(prefectureName(13, 'en')).toBe('Tokyo');
    expect(prefectureName(1, 'fr')).toBe('Hokkaido');
    expect(prefectureName(null, 'ja')).toBe('');
    expect(prefectureName(48, 'ja')).toBe('');
  });

  it('offer all 47 in JIS order', () => {
    const options = prefectureOptions('ja');
    expect(options).toHaveLength(47);
    expect(options[0]).toEqual({ value: '1', label: '北海道' });
    expect(options[46]).toEqual({ value: '47', label: '沖縄県' });
  });
});

describe('address on one line', () => {
  it('starts from the postal code in Japanese and from the street otherwise', () => {
    expect(formatAddress(address, 'ja')).toBe('〒100-0005 東京都 千代田区 丸の内1-1');
    expect(formatAddress({ ...address, city: 'Chiyoda', street: '1-1 Marunouchi' }, 'en')).toBe(
      '1-1 Marunouchi, Chiyoda, Tokyo, 100-0005',
    );
  });

  it('uses the state and names the country abroad, and leaves empty parts out', () => {
    const abroad = {
      zip1: '',
      zip2: '',
      prefecture: null,
      state: 'CA',
      city: 'San Jose',
      street: '1 Main St',
      country: 'US',
    };
    expect(formatAddress(abroad, 'en')).toBe('1 Main St, San Jose, CA, US');
    expect(formatAddress(abroad, 'ja')).toBe('CA San Jose 1 Main St（US）');
    expect(formatAddress({ ...abroad, state: '', city: '', street: '', country: 'JP' }, 'en')).toBe('');
  });
});

describe('company form', () => {
  it('sends the prefecture as a number or null', () => {
    expect(companyInputOf({ ...emptyCompanyForm(), prefecture: '13' }).prefecture).toBe(13);
    expect(companyInputOf(emptyCompanyForm()).prefecture).toBeNull();
  });

  it('checks with the company schema: the name, the postal code pair, the phone', () => {
    const result = parseCompanyForm({ ...emptyCompanyForm(), zip1: '100', tel: 'abc' });
    expect(result.ok ? [] : result.fields.map((f) => `${f.field}:${f.rule}`).sort()).toEqual([
      'name:required',
      'tel:format',
      'zip2:required',
    ]);
  });

  it('asks a branch for its headquarters as well as its own fields, and a headquarters for none', () => {
    const values = { ...emptyCompanyForm(), tel: 'abc', headquarters_id: '' };
    const rules = (kind: 'headquarters' | 'branch') => {
      const result = parseFields(companyModalSchema(kind), values);
      return result.ok ? [] : result.fields.map((f) => `${f.field}:${f.rule}`).sort();
    };
    expect(rules('branch')).toEqual(['headquarters_id:required', 'name:required', 'tel:format']);
    expect(rules('headquarters')).toEqual(['name:required', 'tel:format']);
    const branch = parseFields(companyModalSchema('branch'), {
      ...values,
      tel: '',
      name: 'Shop',
      headquarters_id: '7',
    });
    expect(branch.ok && branch.data.headquarters_id).toBe('7');
  });

  it('normalises what it accepts and sends only the changes', () => {
    const result = parseCompanyForm({ ...emptyCompanyForm(), name: ' Dealer ', country: 'jp', subdomain: 'Shop-1' });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.fields)}`);
    expect(result.company.name).toBe('Dealer');
    expect(result.company.country).toBe('JP');
    expect(result.company.subdomain).toBe('shop-1');
    const before = { ...result.company };
    expect(changedCompanyFields(before, { ...before, city: 'Osaka' })).toEqual({ city: 'Osaka' });
    expect(companyFormOf({ ...before, prefecture: 27 }).prefecture).toBe('27');
  });
});
