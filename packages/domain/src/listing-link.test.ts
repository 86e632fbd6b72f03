import { describe, expect, it } from 'vitest';
import { describeErrorResponse } from './error-description.ts';
import {
  canCancelLink,
  canEditLinkedContent,
  canTransitionLink,
  coarseLinkState,
  isLinkError,
  LINK_ERROR_MESSAGES,
  LINK_ERROR_STATES,
  LINK_STATES,
  LINK_TRANSITIONS,
  LISTING_RETRY_CODES,
  linkErrorStateForCode,
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

describe('the listing link error catalogue', () => {
  it('maps every partner code to a named state, unknown ids to the system error', () => {
    expect(linkErrorStateForCode('2117')).toBe('error_login');
    expect(linkErrorStateForCode(2093)).toBe('error_key_match');
    expect(linkErrorStateForCode('2182')).toBe('error_limit');
    expect(linkErrorStateForCode('4242')).toBe('error_default');
    expect(LISTING_RETRY_CODES).toEqual([2998, 2999]);
    expect(coarseLinkState('error_360_use')).toBe('error');
    expect(coarseLinkState('not_linked')).toBe('none');
  });

  it("turns our refusal's msg_id into the partner code's message", () => {
    const body = { error: { code: 'listing_partner_refused', user_message: 'x', params: { msg_id: '2093' } } };
    expect(describeErrorResponse(400, body)).toEqual({ action: 'notify', messageKey: 'errors.listing_search.2093' });
    const unknown = { error: { code: 'listing_partner_refused', user_message: 'x', params: { msg_id: '77' } } };
    expect(describeErrorResponse(400, unknown).messageKey).toBe('errors.listing_search.2999');
  });
});
