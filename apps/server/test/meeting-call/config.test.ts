import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const base = { SPINYARD_DATA_DIR: '/tmp/spinyard-call-config' };

describe('the call configuration', () => {
  it('hands no ICE server by default, and the configured STUN and TURN servers when set', () => {
    expect(loadConfig(base).meetingMedia).toEqual({ iceServers: [], turn: undefined });
    const config = loadConfig({
      ...base,
      SPINYARD_ICE_SERVERS: '[{"urls":"stun:stun.example.com:3478"}]',
      SPINYARD_TURN_URLS: 'turn:turn.example.com:3478,turns:turn.example.com:5349',
      SPINYARD_TURN_SECRET: 'a-secret-of-sixteen',
    });
    expect(config.meetingMedia).toEqual({
      iceServers: [{ urls: 'stun:stun.example.com:3478' }],
      turn: { urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'], secret: 'a-secret-of-sixteen' },
    });
  });

  it('refuses ICE servers that are not the JSON list, and a TURN server without its secret', () => {
    expect(() => loadConfig({ ...base, SPINYARD_ICE_SERVERS: 'stun:stun.example.com' })).toThrow(
      /SPINYARD_ICE_SERVERS/,
    );
    expect(() => loadConfig({ ...base, SPINYARD_ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/SPINYARD_ICE_SERVERS/);
    expect(() => loadConfig({ ...base, SPINYARD_TURN_URLS: 'turn:turn.example.com' })).toThrow(
      /SPINYARD_TURN_URLS and SPINYARD_TURN_SECRET go together/,
    );
    expect(() =>
      loadConfig({ ...base, SPINYARD_TURN_URLS: 'http://x', SPINYARD_TURN_SECRET: 'a-secret-of-sixteen' }),
    ).toThrow(/SPINYARD_TURN_URLS/);
  });
});
