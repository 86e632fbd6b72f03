import { describe, expect, it } from 'vitest';
import type { DeviceLimitOutcome } from '../../api/loginAnswer.ts';
import { deliveryOfState, deviceLimitOfState, loginNoticeKey, loginNoticeOf, nextLoginState } from './loginState.ts';

const limit: DeviceLimitOutcome = {
  kind: 'device_limit',
  tempToken: 't',
  devices: [],
  limit: 1,
  serviceName: 'S',
  targetTokenId: null,
};

describe('login state', () => {
  it('keeps only the return path and adds what the next screen needs', () => {
    expect(nextLoginState({ from: '/contents/list', notice: 'new_code', deviceLimit: limit })).toEqual({
      from: '/contents/list',
    });
    expect(nextLoginState({ from: '/top' }, { delivery: ['mail'] })).toEqual({ from: '/top', delivery: ['mail'] });
    expect(nextLoginState(null, { notice: 'sign_in_ended' })).toEqual({ notice: 'sign_in_ended' });
  });

  it('reads only known notices and channels', () => {
    expect(loginNoticeOf({ notice: 'two_step_code_expired' })).toBe('two_step_code_expired');
    expect(loginNoticeOf({ notice: '<script>' })).toBeUndefined();
    expect(deliveryOfState({ delivery: ['sms', 'fax'] })).toEqual(['sms']);
    expect(deliveryOfState({ delivery: [] })).toBeUndefined();
    expect(deliveryOfState(undefined)).toBeUndefined();
  });

  it('hands a device list over only when it is one', () => {
    expect(deviceLimitOfState({ deviceLimit: limit })).toBe(limit);
    expect(deviceLimitOfState({ deviceLimit: { kind: 'device_limit' } })).toBeUndefined();
  });

  it('gives every notice a sentence', () => {
    expect(loginNoticeKey('two_step_code_expired')).toBe('errors.two_step_code_expired');
    expect(loginNoticeKey('sign_in_ended')).toBe('loginNotices.signInEnded');
  });
});
