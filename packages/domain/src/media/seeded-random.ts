/**
 * A seeded pseudo-random sequence in [0, 1) (a linear congruential generator): the turn and loop tests draw their
 * scenes and noise from it, so every run sees the same ones.
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
