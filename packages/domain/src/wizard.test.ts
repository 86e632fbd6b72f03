import { describe, expect, it } from 'vitest';
import { canSelectTab, initialWizardState, needsCheck, type WizardAction, wizardReducer } from './wizard.ts';

const run = (tabs: number, actions: WizardAction[]) => actions.reduce(wizardReducer, initialWizardState(tabs));

describe('wizardReducer', () => {
  it.each<{
    name: string;
    actions: WizardAction[];
    current: number;
    visited: boolean[];
    errors: (string | undefined)[];
  }>([
    {
      name: 'starts on the first tab, visited',
      actions: [],
      current: 0,
      visited: [true, false, false],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'next with a passing check moves and marks visited',
      actions: [{ type: 'next' }],
      current: 1,
      visited: [true, true, false],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'next with a failing check marks the tab and stays',
      actions: [{ type: 'next', error: 'exterior missing' }],
      current: 0,
      visited: [true, false, false],
      errors: ['exterior missing', undefined, undefined],
    },
    {
      name: 'a later pass clears the error',
      actions: [{ type: 'next', error: 'x' }, { type: 'next' }],
      current: 1,
      visited: [true, true, false],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'back is free',
      actions: [{ type: 'next' }, { type: 'next' }, { type: 'back' }],
      current: 1,
      visited: [true, true, true],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'back ignores a check error (none is run)',
      actions: [{ type: 'next' }, { type: 'select', index: 0, error: 'ignored' }],
      current: 0,
      visited: [true, true, false],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'an unvisited tab cannot be clicked',
      actions: [{ type: 'select', index: 2 }],
      current: 0,
      visited: [true, false, false],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'a visited tab ahead can be clicked and runs the check',
      actions: [{ type: 'next' }, { type: 'next' }, { type: 'select', index: 0 }, { type: 'select', index: 2 }],
      current: 2,
      visited: [true, true, true],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'a failing check blocks a forward click',
      actions: [{ type: 'next' }, { type: 'back' }, { type: 'select', index: 1, error: 'bad' }],
      current: 0,
      visited: [true, true, false],
      errors: ['bad', undefined, undefined],
    },
    {
      name: 'next on the last tab does nothing',
      actions: [{ type: 'next' }, { type: 'next' }, { type: 'next' }],
      current: 2,
      visited: [true, true, true],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'back on the first tab does nothing',
      actions: [{ type: 'back' }],
      current: 0,
      visited: [true, false, false],
      errors: [undefined, undefined, undefined],
    },
    {
      name: 'reset',
      actions: [{ type: 'next' }, { type: 'next', error: 'e' }, { type: 'reset' }],
      current: 0,
      visited: [true, false, false],
      errors: [undefined, undefined, undefined],
    },
  ])('$name', ({ actions, current, visited, errors }) => {
    const s = run(3, actions);
    expect(s.current).toBe(current);
    expect(s.visited).toEqual(visited);
    expect(s.errors).toEqual(errors);
  });

  it('property: the current tab is always visited, in range, and never beyond the furthest visited tab', () => {
    let seed = 11;
    const rnd = (n: number): number => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    for (let run = 0; run < 200; run++) {
      let s = initialWizardState(5);
      for (let step = 0; step < 30; step++) {
        const kind = rnd(4);
        const error = rnd(3) === 0 ? 'err' : undefined;
        const action: WizardAction =
          kind === 0
            ? { type: 'next', error }
            : kind === 1
              ? { type: 'back' }
              : { type: 'select', index: rnd(7) - 1, error };
        const before = s;
        s = wizardReducer(s, action);
        expect(s.current).toBeGreaterThanOrEqual(0);
        expect(s.current).toBeLessThan(5);
        expect(s.visited[s.current]).toBe(true);
        if (s.current > before.current) expect(error).toBeUndefined();
        for (let i = 0; i < 5; i++) if (before.visited[i]) expect(s.visited[i]).toBe(true);
      }
    }
  });

  it('helpers', () => {
    const s = run(3, [{ type: 'next' }]);
    expect(canSelectTab(s, 0)).toBe(true);
    expect(canSelectTab(s, 2)).toBe(false);
    expect(canSelectTab(s, -1)).toBe(false);
    expect(needsCheck(s, 2)).toBe(true);
    expect(needsCheck(s, 0)).toBe(false);
    expect(() => initialWizardState(0)).toThrow(RangeError);
  });
});
