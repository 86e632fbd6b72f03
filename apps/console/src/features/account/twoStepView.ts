import type { TwoStepSettings } from '../../api/account.ts';

/** Why the switch cannot be moved; each has its sentence under the switch (`twoStep.reason.<id>`). */
export type TwoStepLock = 'enforced' | 'not_offered';

export interface TwoStepView {
  /** What the switch shows: on when the user turned it on or the domain requires it. */
  on: boolean;
  canChange: boolean;
  reason: TwoStepLock | undefined;
}

/**
 * The switch of the two-step screen. The server refuses turning it off where the domain requires it
 * (two_step_enforced), and turning it on where the domain does not offer it (a user already on may turn it off).
 */
export function twoStepView(s: TwoStepSettings): TwoStepView {
  if (s.enforced) return { on: true, canChange: false, reason: 'enforced' };
  if (!s.available && !s.enabled) return { on: false, canChange: false, reason: 'not_offered' };
  return { on: s.enabled, canChange: true, reason: undefined };
}
