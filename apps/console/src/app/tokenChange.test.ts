import { describe, expect, it } from 'vitest';
import { reactionToTokenChange, touchesSession } from './tokenChange.ts';

describe('touchesSession', () => {
  it('reacts to the access token and to a cleared storage only', () => {
    expect(touchesSession('spinyard.access_token')).toBe(true);
    expect(touchesSession(null)).toBe(true);
    expect(touchesSession('spinyard.list.contents')).toBe(false);
    expect(touchesSession('spinyard.content_token')).toBe(false);
  });
});

describe('reactionToTokenChange', () => {
  it('alerts when the stored token is no longer the one this tab signed in with', () => {
    expect(reactionToTokenChange('mine', 'theirs')).toBe('another_user');
  });

  it('signs this tab out when no token is stored any more', () => {
    expect(reactionToTokenChange('mine', null)).toBe('signed_out');
    expect(reactionToTokenChange('mine', '')).toBe('signed_out');
  });

  it('does nothing while the stored token is still this tab’s', () => {
    expect(reactionToTokenChange('mine', 'mine')).toBe('none');
    // A tab that held no token was not signed in: a token appearing is not another user.
    expect(reactionToTokenChange(null, 'theirs')).toBe('none');
  });
});
