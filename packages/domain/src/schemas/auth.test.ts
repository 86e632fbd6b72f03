import { describe, expect, it } from 'vitest';
import { deviceLogoutForm, deviceOwnerParams } from './auth.ts';
import { parseFields } from './field-errors.ts';

const rulesOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
  const r = parseFields(schema, input);
  return r.ok ? [] : r.fields.map((f) => `${f.field}:${f.rule}`);
};

describe('the device routes', () => {
  it('name the device owner as `me` or an id within bigint', () => {
    expect(rulesOf(deviceOwnerParams, { id: 'me' })).toEqual([]);
    expect(rulesOf(deviceOwnerParams, { id: '42' })).toEqual([]);
    expect(rulesOf(deviceOwnerParams, { id: '9999999999999999999' })).toEqual(['id:format']);
    expect(rulesOf(deviceOwnerParams, { id: 'you' })).toEqual(['id:format']);
  });

  it('log a device out by a token id within bigint', () => {
    expect(rulesOf(deviceLogoutForm, { token_id: '7' })).toEqual([]);
    expect(rulesOf(deviceLogoutForm, { token_id: '9999999999999999999' })).toEqual(['token_id:format']);
    expect(rulesOf(deviceLogoutForm, {})).toEqual(['token_id:required']);
  });
});
