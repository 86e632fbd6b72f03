import { describe, expect, it } from 'vitest';
import ja from '../../../i18n/ja.json';
import { trimMends, turnCardState } from './turnCardState.ts';

/**
 * The turn check card on the vehicle page (issue 18): "publish anyway" only before buyers see the vehicle; once they
 * do, the spin is named as theirs and the pending-changes card's button is the one way to publish. A video short of
 * a turn is not offered a trim (it is used whole already).
 */
describe('the turn check card', () => {
  const over = ['more_than_turn'];

  it('before publishing: warns before publishing and offers publish anyway', () => {
    expect(turnCardState(false, undefined, over)).toEqual({
      title: 'cardTitle',
      actions: 'detailActions',
      publishAnyway: true,
    });
  });

  it('published anyway, nothing pending: names the spin buyers see, with no second publish button', () => {
    const state = turnCardState(true, [], over);
    expect(state).toEqual({ title: 'cardTitleLive', actions: 'detailActionsLive', publishAnyway: false });
    expect(ja.exterior.turnCheck[state.title]).toBe('購入者に公開中のスピンは一周になっていません');
    // Only the details changed: the spin buyers see is still this one.
    expect(turnCardState(true, ['details'], over).title).toBe('cardTitleLive');
  });

  it('published, a new spin waiting: still before publishing, published through the pending-changes card', () => {
    for (const area of ['exterior', 'blur']) {
      expect(turnCardState(true, ['details', area], over)).toEqual({
        title: 'cardTitle',
        actions: 'detailActionsLive',
        publishAnyway: false,
      });
    }
  });

  it('a video short of a turn: no trim, and the text asks for a walk-around of at least one turn', () => {
    expect(trimMends('short_of_turn')).toBe(false);
    expect(trimMends('more_than_turn')).toBe(true);
    expect(trimMends('unsure')).toBe(true);
    expect(turnCardState(false, undefined, ['short_of_turn']).actions).toBe('detailActionsShort');
    expect(turnCardState(true, [], ['short_of_turn']).actions).toBe('detailActionsLiveShort');
    // One row a trim can mend: the card speaks of trimming.
    expect(turnCardState(false, undefined, ['short_of_turn', 'unsure']).actions).toBe('detailActions');
    expect(ja.exterior.turnCheck.detailActionsShort).toContain('一周以上撮った動画');
    expect(ja.exterior.turnCheck.detailActionsShort).not.toContain('トリミング');
  });
});
