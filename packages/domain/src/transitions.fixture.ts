/**
 * Every ordered pair of a state machine's states with its check's answer: the tests that hold a check to its
 * transition table walk these instead of each writing the double loop.
 */
export function transitionAnswers<S extends string>(
  states: readonly S[],
  check: (from: S, to: S) => { ok: boolean },
): [from: S, to: S, ok: boolean][] {
  return states.flatMap((from) => states.map((to): [S, S, boolean] => [from, to, check(from, to).ok]));
}
