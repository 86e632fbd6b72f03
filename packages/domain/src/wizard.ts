/**
 * The registration wizard's tab rules (first document section 4) as a pure reducer, so the console's component
 * only renders and the rules are tested here:
 * - a tab is marked (checked) once visited;
 * - moving forward runs the current tab's before-change check, and an error marks that tab and stays;
 * - going back is free (no check, and a pending error stays until the tab passes its check);
 * - only visited tabs can be clicked.
 * The check itself may be asynchronous (it can ask the server), so the reducer does not run it: the console asks
 * `needsCheck`, runs the check, then dispatches the move with its result.
 */
export interface WizardState {
  readonly tabCount: number;
  readonly current: number;
  readonly visited: readonly boolean[];
  /** The error message of each tab's last failed check, or undefined. */
  readonly errors: readonly (string | undefined)[];
}

export type WizardAction =
  /** Forward to the next tab; `error` is the result of the current tab's check (undefined when it passed). */
  | { type: 'next'; error?: string | undefined }
  | { type: 'back' }
  /** A click on a tab header; `error` is the current tab's check result when the target is ahead. */
  | { type: 'select'; index: number; error?: string | undefined }
  | { type: 'reset' };

export function initialWizardState(tabCount: number): WizardState {
  if (!Number.isInteger(tabCount) || tabCount < 1) throw new RangeError('A wizard needs at least one tab.');
  return {
    tabCount,
    current: 0,
    visited: Array.from({ length: tabCount }, (_, i) => i === 0),
    errors: Array.from({ length: tabCount }, () => undefined),
  };
}

/** Only visited tabs can be clicked (the current one is visited). */
export function canSelectTab(state: WizardState, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < state.tabCount && state.visited[index] === true;
}

/** Whether moving to `index` runs the current tab's check: only moves forward do. */
export function needsCheck(state: WizardState, index: number): boolean {
  return index > state.current;
}

function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  const copy = [...list];
  copy[index] = value;
  return copy;
}

/** Move forward to `target` if the current tab's check passed; otherwise mark the current tab and stay. */
function forward(state: WizardState, target: number, error: string | undefined): WizardState {
  if (error !== undefined) return { ...state, errors: replaceAt(state.errors, state.current, error) };
  return {
    ...state,
    current: target,
    visited: replaceAt(state.visited, target, true),
    errors: replaceAt(state.errors, state.current, undefined),
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      if (state.current >= state.tabCount - 1) return state;
      return forward(state, state.current + 1, action.error);
    case 'back':
      if (state.current === 0) return state;
      return { ...state, current: state.current - 1 };
    case 'select':
      if (!canSelectTab(state, action.index) || action.index === state.current) return state;
      if (!needsCheck(state, action.index)) return { ...state, current: action.index };
      return forward(state, action.index, action.error);
    case 'reset':
      return initialWizardState(state.tabCount);
  }
}
