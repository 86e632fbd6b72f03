/** The answer of every `canTransition`: allowed, or refused with a stable snake_case reason. */
export type TransitionCheck<Reason extends string = string> = { ok: true } | { ok: false; reason: Reason };

export const ALLOWED: { ok: true } = Object.freeze({ ok: true });

export function refused<Reason extends string>(reason: Reason): { ok: false; reason: Reason } {
  return { ok: false, reason };
}

/**
 * A transition table: for each state, the states it may move to. Kept as data so tests can enumerate it and
 * documentation can be generated from it.
 */
export type TransitionTable<S extends string> = { readonly [From in S]: readonly S[] };

export function tableAllows<S extends string>(table: TransitionTable<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}

/**
 * The check most state machines here make: the same state is refused as already_in_state, a final state with its
 * own reason (`finals`), any other move as its table says.
 */
export function checkByTable<S extends string, R extends string>(
  table: TransitionTable<S>,
  finals: Partial<Record<S, R>>,
  from: S,
  to: S,
): TransitionCheck<R | 'already_in_state' | 'transition_not_allowed'> {
  if (from === to) return refused('already_in_state');
  const final = finals[from];
  if (final !== undefined) return refused(final);
  return tableAllows(table, from, to) ? ALLOWED : refused('transition_not_allowed');
}
