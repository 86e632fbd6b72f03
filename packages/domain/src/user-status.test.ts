import { describe, expect, it } from 'vitest';
import { USER_STATUSES } from './roles.ts';
import { transitionAnswers } from './transitions.fixture.ts';
import { canSignIn, canTransitionUserStatus, hasService, USER_STATUS_TRANSITIONS } from './user-status.ts';

describe('canTransitionUserStatus', () => {
  it.each([
    ['approval_pending', 'active', { ok: true }],
    ['approval_pending', 'cancelled', { ok: true }],
    ['approval_pending', 'inactive', { ok: false, reason: 'transition_not_allowed' }],
    ['active', 'inactive', { ok: true }],
    ['inactive', 'active', { ok: true }],
    ['active', 'cancel_pending', { ok: true }],
    ['active', 'cancelled', { ok: false, reason: 'transition_not_allowed' }],
    ['cancel_pending', 'active', { ok: true }],
    ['cancel_pending', 'cancelled', { ok: true }],
    ['active', 'expired', { ok: true }],
    ['expired', 'active', { ok: true }],
    ['cancelled', 'active', { ok: false, reason: 'cancelled_is_final' }],
    ['active', 'active', { ok: false, reason: 'already_in_state' }],
    ['inactive', 'approval_pending', { ok: false, reason: 'transition_not_allowed' }],
  ] as const)('%s -> %s', (from, to, expected) => {
    expect(canTransitionUserStatus(from, to)).toEqual(expected);
  });

  it('property: agrees with the table, and nothing returns to approval_pending', () => {
    for (const [from, to, ok] of transitionAnswers(USER_STATUSES, canTransitionUserStatus)) {
      expect(ok).toBe(USER_STATUS_TRANSITIONS[from].includes(to));
      if (to === 'approval_pending') expect(ok).toBe(false);
    }
  });
});

describe('service and sign-in', () => {
  it.each([
    ['active', true, true],
    ['cancel_pending', true, true],
    ['expired', false, true],
    ['inactive', false, false],
    ['cancelled', false, false],
    ['approval_pending', false, false],
  ] as const)('%s: service %s, sign-in %s', (status, service, signIn) => {
    expect(hasService(status)).toBe(service);
    expect(canSignIn(status)).toBe(signIn);
  });
});
