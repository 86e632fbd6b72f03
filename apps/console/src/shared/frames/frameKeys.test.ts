import { describe, expect, it } from 'vitest';
import { hasKeyOn, NUDGE_STEP, stageKeyOf, wrapFrame } from './frameKeys.ts';

const key = (k: string, mods: { altKey?: boolean; shiftKey?: boolean } = {}) =>
  stageKeyOf({ key: k, altKey: mods.altKey ?? false, shiftKey: mods.shiftKey ?? false });

describe('stageKeyOf', () => {
  it('reads the arrows as a nudge, a tenth of it with Alt, and tells Shift', () => {
    expect(key('ArrowLeft')).toEqual({ kind: 'nudge', dx: -NUDGE_STEP, dy: 0, shift: false });
    expect(key('ArrowDown', { altKey: true, shiftKey: true })).toEqual({
      kind: 'nudge',
      dx: 0,
      dy: NUDGE_STEP / 10,
      shift: true,
    });
  });

  it.each([
    ['Delete', { kind: 'remove' }],
    ['Backspace', { kind: 'remove' }],
    ['PageUp', { kind: 'step', by: -1 }],
    [',', { kind: 'step', by: -1 }],
    ['PageDown', { kind: 'step', by: 1 }],
    ['.', { kind: 'step', by: 1 }],
    ['a', null],
    ['Tab', null],
  ])('reads %s', (name, expected) => {
    expect(key(name)).toEqual(expected);
  });
});

describe('frame helpers', () => {
  it('wraps a frame round the spin and finds a key on a frame', () => {
    expect([wrapFrame(-1, 36), wrapFrame(36, 36), wrapFrame(5, 36)]).toEqual([35, 0, 5]);
    expect(hasKeyOn([{ frame: 3 }, { frame: 9 }], 9)).toBe(true);
    expect(hasKeyOn([{ frame: 3 }], 4)).toBe(false);
  });
});
