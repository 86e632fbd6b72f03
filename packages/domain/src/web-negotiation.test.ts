import { describe, expect, it } from 'vitest';
import { transitionAnswers } from './transitions.fixture.ts';
import {
  canEditWebNegotiation,
  canTransitionRoom,
  canTransitionWebNegotiation,
  isMeetingInPast,
  isRoomJoinable,
  ROOM_STATUSES,
  ROOM_TRANSITIONS,
  WEB_NEGOTIATION_STATES,
  WEB_NEGOTIATION_TRANSITIONS,
  webNegotiationStateAt,
} from './web-negotiation.ts';

describe('web negotiation transitions', () => {
  it.each([
    ['waiting', 'in_call', { ok: true }],
    ['waiting', 'expired', { ok: true }],
    ['waiting', 'ended', { ok: true }],
    ['in_call', 'ended', { ok: true }],
    ['in_call', 'waiting', { ok: false, reason: 'transition_not_allowed' }],
    ['in_call', 'expired', { ok: false, reason: 'transition_not_allowed' }],
    ['ended', 'waiting', { ok: false, reason: 'meeting_closed' }],
    ['expired', 'in_call', { ok: false, reason: 'meeting_closed' }],
    ['waiting', 'waiting', { ok: false, reason: 'already_in_state' }],
  ] as const)('%s -> %s', (from, to, expected) => {
    expect(canTransitionWebNegotiation(from, to)).toEqual(expected);
  });

  it('property: agrees with the table', () => {
    for (const [from, to, ok] of transitionAnswers(WEB_NEGOTIATION_STATES, canTransitionWebNegotiation))
      expect(ok).toBe(WEB_NEGOTIATION_TRANSITIONS[from].includes(to));
  });

  it.each([
    ['waiting', { ok: true }],
    ['in_call', { ok: false, reason: 'meeting_running' }],
    ['expired', { ok: false, reason: 'meeting_closed' }],
    ['ended', { ok: false, reason: 'meeting_closed' }],
  ] as const)('editing a %s meeting', (state, expected) => {
    expect(canEditWebNegotiation(state)).toEqual(expected);
  });
});

describe('webNegotiationStateAt', () => {
  const start = Date.UTC(2025, 0, 1, 10, 0);
  const min = 60_000;
  it.each([
    ['before the start', { startsAt: start, durationMinutes: 30 }, start - min, 'waiting'],
    ['during the slot, nobody joined', { startsAt: start, durationMinutes: 30 }, start + 10 * min, 'waiting'],
    ['slot passed, nobody joined', { startsAt: start, durationMinutes: 30 }, start + 30 * min, 'expired'],
    ['joined', { startsAt: start, durationMinutes: 30, joinedAt: start + min }, start + 2 * min, 'in_call'],
    ['joined, slot passed', { startsAt: start, durationMinutes: 30, joinedAt: start }, start + 31 * min, 'ended'],
    [
      'closed',
      { startsAt: start, durationMinutes: 30, joinedAt: start, endedAt: start + 5 * min },
      start + 6 * min,
      'ended',
    ],
    ['closed before start', { startsAt: start, durationMinutes: 30, endedAt: start - 5 * min }, start - min, 'ended'],
    [
      'joined early, before start',
      { startsAt: start, durationMinutes: 30, joinedAt: start - min },
      start - 1,
      'in_call',
    ],
  ] as const)('%s', (_name, times, now, expected) => {
    expect(webNegotiationStateAt(times, now)).toBe(expected);
  });

  it('isMeetingInPast', () => {
    expect(isMeetingInPast(1000, 1001)).toBe(true);
    expect(isMeetingInPast(1000, 1000)).toBe(false);
  });
});

describe('rooms', () => {
  it.each([
    ['ready', 'open', { ok: true }],
    ['open', 'closed', { ok: true }],
    ['closed', 'deleted', { ok: true }],
    ['ready', 'deleted', { ok: true }],
    ['open', 'ready', { ok: false, reason: 'transition_not_allowed' }],
    ['closed', 'open', { ok: false, reason: 'transition_not_allowed' }],
    ['deleted', 'ready', { ok: false, reason: 'room_deleted' }],
    ['open', 'open', { ok: false, reason: 'already_in_state' }],
  ] as const)('%s -> %s', (from, to, expected) => {
    expect(canTransitionRoom(from, to)).toEqual(expected);
  });

  it('property: agrees with the table', () => {
    for (const [from, to, ok] of transitionAnswers(ROOM_STATUSES, canTransitionRoom))
      expect(ok).toBe(ROOM_TRANSITIONS[from].includes(to));
  });

  it.each([
    ['ready', true],
    ['open', true],
    ['closed', false],
    ['deleted', false],
  ] as const)('%s joinable: %s', (s, j) => {
    expect(isRoomJoinable(s)).toBe(j);
  });
});
