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
