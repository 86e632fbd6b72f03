import { describe, expect, it } from 'vitest';
import { reactionToTokenChange } from './tokenChange.ts';

const KEY = 'spinyard.access_token';

describe('reactionToTokenChange', () => {
  it('alerts when another tab stores a different token', () => {
    expect(reactionToTokenChange(KEY, 'old', 'new', 'new')).toBe('another_user');
    // A token where this tab had none is not another user: this tab was not signed in.
    expect(reactionToTokenChange(KEY, null, 'new', 'new')).toBe('none');
  });

  it('signs this tab out when the token is removed or the storage cleared', () => {
    expect(reactionToTokenChange(KEY, 'old', null, null)).toBe('signed_out');
    expect(reactionToTokenChange(null, null, null, null)).toBe('signed_out');
  });

  it('ignores other keys and unchanged values', () => {
    expect(reactionToTokenChange('spinyard.list.contents', 'a', 'b', 'tok')).toBe('none');
    expect(reactionToTokenChange(KEY, 'same', 'same', 'same')).toBe('none');
    expect(reactionToTokenChange(null, null, null, 'tok')).toBe('none');
  });
});
