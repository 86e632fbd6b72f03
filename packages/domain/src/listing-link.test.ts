import { describe, expect, it } from 'vitest';
import {
  canCancelLink,
  canEditLinkedContent,
  canTransitionLink,
  isLinkError,
  LINK_ERROR_MESSAGES,
  LINK_ERROR_STATES,
  LINK_STATES,
  LINK_TRANSITIONS,
  linkRequestTarget,
} from './listing-link.ts';
import { transitionAnswers } from './transitions.fixture.ts';

describe('listing link transitions', () => {
  it.each([
    ['not_linked', 'waiting', true],
    ['not_linked', 'linking', true],
    ['not_linked', 'linked', false],
    ['waiting', 'not_linked', true],
    ['waiting', 'linking', true],
    ['linking', 'linked', true],
    ['linking', 'error_key_match', true],
    ['linked', 'not_linked', true],
    ['linked', 'waiting', false],
    ['error_login', 'linking', true],
    ['error_limit', 'not_linked', true],
    ['error_limit', 'linked', false],
    ['linked', 'linked', false],
  ] as const)('%s -> %s: %s', (from, to, ok) => {
    expect(canTransitionLink(from, to).ok).toBe(ok);
  });

  it('property: agrees with the table; errors are entered only from linking', () => {
    for (const [from, to, ok] of transitionAnswers(LINK_STATES, canTransitionLink)) {
      expect(ok).toBe(from !== to && LINK_TRANSITIONS[from].includes(to));
      if (isLinkError(to) && ok) expect(from).toBe('linking');
    }
  });

  it('every error state has a message', () => {
    for (const s of LINK_ERROR_STATES) expect(LINK_ERROR_MESSAGES[s]).toMatch(/\.$/);
  });
});

describe('link rules', () => {
  it.each([
    ['automatic', 'waiting'],
    ['manual', 'linking'],
  ] as const)('a %s link starts %s', (m, s) => {
    expect(linkRequestTarget(m)).toBe(s);
  });

  it.each([
    ['not_linked', { ok: true }, false],
    ['waiting', { ok: false, reason: 'content_link_waiting' }, true],
    ['linking', { ok: false, reason: 'content_linked' }, false],
    ['linked', { ok: false, reason: 'content_linked' }, false],
    ['error_default', { ok: true }, false],
  ] as const)('%s: edit %j, cancel %s', (state, edit, cancel) => {
    expect(canEditLinkedContent(state)).toEqual(edit);
    expect(canCancelLink(state)).toBe(cancel);
  });
});
