import { describe, expect, it } from 'vitest';
import ja from '../../../i18n/ja.json';
import { turnCardState } from './turnCardState.ts';

/**
 * The turn check card on the vehicle page (issue 18): "publish anyway" only before buyers see the vehicle; once they
 * do, the spin is named as theirs and the pending-changes card's button is the one way to publish.
 */
describe('the turn check card', () => {
  it('before publishing: warns before publishing and offers publish anyway', () => {
    expect(turnCardState(false, undefined)).toEqual({
      title: 'cardTitle',
      actions: 'detailActions',
      publishAnyway: true,
    });
  });

  it('published anyway, nothing pending: names the spin buyers see, with no second publish button', () => {
    const state = turnCardState(true, []);
    expect(state).toEqual({ title: 'cardTitleLive', actions: 'detailActionsLive', publishAnyway: false });
    expect(ja.exterior.turnCheck[state.title]).toBe('購入者に公開中のスピンは一周になっていません');
    // Only the details changed: the spin buyers see is still this one.
    expect(turnCardState(true, ['details']).title).toBe('cardTitleLive');
  });

  it('published, a new spin waiting: still before publishing, published through the pending-changes card', () => {
    for (const area of ['exterior', 'blur']) {
      expect(turnCardState(true, ['details', area])).toEqual({
        title: 'cardTitle',
        actions: 'detailActionsLive',
        publishAnyway: false,
      });
    }
  });
});
