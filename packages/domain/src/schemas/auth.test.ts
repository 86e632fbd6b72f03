import { describe, expect, it } from 'vitest';
import { deviceLogoutForm, deviceOwnerParams } from './auth.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';

describe('the device routes', () => {
  it('name the device owner as `me` or an id within bigint', () => {
    expect(fieldRulesOf(deviceOwnerParams, { id: 'me' })).toEqual([]);
    expect(fieldRulesOf(deviceOwnerParams, { id: '42' })).toEqual([]);
    expect(fieldRulesOf(deviceOwnerParams, { id: '9999999999999999999' })).toEqual(['id:format']);
    expect(fieldRulesOf(deviceOwnerParams, { id: 'you' })).toEqual(['id:format']);
  });

  it('log a device out by a token id within bigint', () => {
    expect(fieldRulesOf(deviceLogoutForm, { token_id: '7' })).toEqual([]);
    expect(fieldRulesOf(deviceLogoutForm, { token_id: '9999999999999999999' })).toEqual(['token_id:format']);
    expect(fieldRulesOf(deviceLogoutForm, {})).toEqual(['token_id:required']);
  });
});
