import { describe, expect, it } from 'vitest';
import { moved } from './MediaList.tsx';
import { mergeOrder } from './order.ts';

describe('mergeOrder', () => {
  it("puts a panel's new order into its own places, the other kind staying put", () => {
    // images 1, 3, 5; links 2, 4
    expect(mergeOrder(['1', '2', '3', '4', '5'], ['5', '1', '3'])).toEqual(['5', '2', '1', '4', '3']);
    expect(mergeOrder(['1', '2', '3', '4', '5'], ['4', '2'])).toEqual(['1', '4', '3', '2', '5']);
    expect(mergeOrder(['1'], ['1'])).toEqual(['1']);
  });
});

describe('moved', () => {
  it('moves an item up, down and by drag', () => {
    expect(moved(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
