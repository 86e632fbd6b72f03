import { describe, expect, it } from 'vitest';
import { describeDevice, deviceListOf, interpretLoginAnswer } from './loginAnswer.ts';

const activity = {
  id: '41',
  device: 'Chrome on Windows',
  application: 'spinyard-console',
  ip: '10.0.0.1',
  created_at: '2025-01-02T03:04:05.000Z',
  last_used_at: '2025-01-03T03:04:05.000Z',
  current: false,
};

describe('interpretLoginAnswer', () => {
  it('200 signs in with both tokens', () => {
    expect(
      interpretLoginAnswer(200, { access_token: 'a', 'content-token': 'c', token_type: 'bearer', expires_in: 60 }),
    ).toEqual({ kind: 'signed_in', accessToken: 'a', contentToken: 'c' });
  });

  it('200 without a content token is not a sign-in', () => {
    expect(interpretLoginAnswer(200, { access_token: 'a' })).toEqual({ kind: 'failed' });
  });

  it('201 reads the temporary token and the device list of the server', () => {
    const outcome = interpretLoginAnswer(201, {
      temporary_token: 't',
      expires_in: 600,
      login_activities: [activity, { ...activity, id: '42', current: true, device: '' }],
      login_limit_count: 2,
      service_name: 'Spinyard',
      target_token_id: '41',
    });
    expect(outcome).toEqual({
      kind: 'device_limit',
      tempToken: 't',
      devices: [
        {
          id: '41',
          device: 'Chrome on Windows',
          application: 'spinyard-console',
          ip: '10.0.0.1',
          createdAt: '2025-01-02T03:04:05.000Z',
          lastUsedAt: '2025-01-03T03:04:05.000Z',
          current: false,
        },
        {
          id: '42',
          device: '',
          application: 'spinyard-console',
          ip: '10.0.0.1',
          createdAt: '2025-01-02T03:04:05.000Z',
          lastUsedAt: '2025-01-03T03:04:05.000Z',
          current: true,
        },
      ],
      limit: 2,
      serviceName: 'Spinyard',
      targetTokenId: '41',
    });
  });

  it('202 asks for the second step and says where the code went', () => {
    expect(interpretLoginAnswer(202, { temporary_token: 't', expires_in: 600, delivery: ['mail', 'sms'] })).toEqual({
      kind: 'second_step',
      tempToken: 't',
      delivery: ['mail', 'sms'],
      expiresInSeconds: 600,
    });
  });

  it('202 without a known channel still means by mail (the server always mails the code)', () => {
    const outcome = interpretLoginAnswer(202, { temporary_token: 't', delivery: ['pigeon'] });
    expect(outcome).toMatchObject({ kind: 'second_step', delivery: ['mail'], expiresInSeconds: null });
  });

  it('only the server name of the temporary token counts', () => {
    expect(interpretLoginAnswer(202, { temp_token: 't' })).toEqual({ kind: 'failed' });
    expect(interpretLoginAnswer(201, { access_token: 'a', login_activities: [] })).toEqual({ kind: 'failed' });
  });

  it('201 or 202 without a temporary token, and any other status, is a failure', () => {
    expect(interpretLoginAnswer(202, {})).toEqual({ kind: 'failed' });
    expect(interpretLoginAnswer(201, null)).toEqual({ kind: 'failed' });
    expect(interpretLoginAnswer(204, { temporary_token: 't' })).toEqual({ kind: 'failed' });
    expect(interpretLoginAnswer(400, { error: { code: 'login_failed' } })).toEqual({ kind: 'failed' });
  });
});

describe('deviceListOf', () => {
  it('drops entries without an id and a suggestion that is not in the list', () => {
    const list = deviceListOf({
      login_activities: [activity, { device: 'no id' }, 'junk'],
      login_limit_count: null,
      service_name: 'Brand',
      target_token_id: '99',
    });
    expect(list.devices.map((d) => d.id)).toEqual(['41']);
    expect(list.limit).toBeNull();
    expect(list.targetTokenId).toBeNull();
    expect(list.serviceName).toBe('Brand');
  });

  it('reads an empty or malformed answer as an empty list', () => {
    expect(deviceListOf(undefined)).toEqual({ devices: [], limit: null, serviceName: '', targetTokenId: null });
    expect(deviceListOf({ login_limit_count: -1 }).limit).toBeNull();
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
