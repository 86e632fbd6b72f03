import { describe, expect, it } from 'vitest';
import type { LoginActivity } from '../../api/loginAnswer.ts';
import { applicationKey, devicesInDisplayOrder, formatDateTime } from './deviceText.ts';

const device = (id: string, current = false): LoginActivity => ({
  id,
  device: `d${id}`,
  application: 'spinyard-console',
  ip: '127.0.0.1',
  createdAt: null,
  lastUsedAt: null,
  current,
});

describe('device text', () => {
  it('lists this device first, then the server order', () => {
    expect(devicesInDisplayOrder([device('1'), device('2', true), device('3')]).map((d) => d.id)).toEqual([
      '2',
      '1',
      '3',
    ]);
  });

  it('names the console and leaves other applications as sent', () => {
    expect(applicationKey('spinyard-console')).toBe('devices.applications.console');
    expect(applicationKey('ios-app')).toBeUndefined();
  });

  it('formats times in the reader language and keeps what is not a time', () => {
    expect(formatDateTime('2025-01-02T03:04:05Z', 'en')).toMatch(/2025/);
    expect(formatDateTime('soon', 'en')).toBe('soon');
    expect(formatDateTime(null, 'en')).toBeUndefined();
  });
});
