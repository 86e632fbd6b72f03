import { describe, expect, it } from 'vitest';
import { twoStepSettingsOf } from './account.ts';

describe('twoStepSettingsOf', () => {
  it('reads the answer of /v1/profile/authentication', () => {
    expect(
      twoStepSettingsOf({ enabled: true, enforced: false, available: true, required: true, delivery: ['mail', 'sms'] }),
    ).toEqual({ enabled: true, enforced: false, available: true, required: true, delivery: ['mail', 'sms'] });
  });

  it('treats anything but true as false and always names mail as a channel', () => {
    expect(twoStepSettingsOf({ enabled: 'true', delivery: [] })).toEqual({
      enabled: false,
      enforced: false,
      available: false,
      required: false,
      delivery: ['mail'],
    });
  });
});
