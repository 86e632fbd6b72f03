import { describe, expect, it } from 'vitest';
import { describeDevice, interpretLoginAnswer } from './loginAnswer.ts';

describe('interpretLoginAnswer', () => {
  it('200 signs in with both tokens', () => {
    expect(interpretLoginAnswer(200, { access_token: 'a', 'content-token': 'c', token_type: 'bearer' })).toEqual({
      kind: 'signed_in',
      accessToken: 'a',
      contentToken: 'c',
    });
  });

  it('200 without a content token is not a sign-in', () => {
    expect(interpretLoginAnswer(200, { access_token: 'a' })).toEqual({ kind: 'failed' });
  });

  it('201 reports the device limit with the device list', () => {
    const outcome = interpretLoginAnswer(201, {
      temp_token: 't',
      login_activities: [{ id: 7, device: 'Chrome on Windows', application: 'console', ip: '10.0.0.1' }],
      login_limit_count: 2,
      service_name: 'Spinyard',
      target_token_id: 'x',
    });
    expect(outcome).toEqual({
      kind: 'device_limit',
      tempToken: 't',
      devices: [{ id: '7', device: 'Chrome on Windows', application: 'console', ip: '10.0.0.1', lastUsedAt: null }],
      limit: 2,
      serviceName: 'Spinyard',
      targetTokenId: 'x',
    });
  });

  it('202 asks for the second step', () => {
    expect(interpretLoginAnswer(202, { temp_token: 't' })).toEqual({ kind: 'second_step', tempToken: 't' });
  });

  it('201 or 202 without a temporary token, and any other status, is a failure', () => {
    expect(interpretLoginAnswer(202, {})).toEqual({ kind: 'failed' });
    expect(interpretLoginAnswer(201, null)).toEqual({ kind: 'failed' });
    expect(interpretLoginAnswer(204, {})).toEqual({ kind: 'failed' });
  });
});

describe('describeDevice', () => {
  it('names common browsers and systems', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeDevice('curl/8')).toBe('Browser');
  });
});
