/**
 * The one time source of the billing calendar: renewals, dunning, card-expiry notices, contract ends and late fees
 * read `clock.now()`, never `new Date()`, so a test can live a customer's whole year in seconds (issue 19, point 9).
 * Everything else keeps the wall clock: a token's expiry or a job's lease must not move with a test's calendar.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand: it stands still until told, so every billing step sees the instant it was given. */
export interface ControlledClock extends Clock {
  set(instant: Date | string): void;
  /** Moves forward (or back) by whole days, as a calendar does: 24 h each, the time of day kept. */
  advanceDays(days: number): Date;
}

export function controlledClock(start: Date | string): ControlledClock {
  let current = new Date(start);
  if (Number.isNaN(current.getTime())) throw new RangeError(`controlledClock: not an instant: ${String(start)}`);
  return {
    now: () => new Date(current),
    set(instant) {
      const next = new Date(instant);
      if (Number.isNaN(next.getTime())) throw new RangeError(`controlledClock: not an instant: ${String(instant)}`);
      current = next;
    },
    advanceDays(days) {
      current = new Date(current.getTime() + days * 86_400_000);
      return new Date(current);
    },
  };
}
