import type { ContentsLimitAnswer } from './schemas/contents.ts';
import type { VEHICLE_LIMIT_MODES } from './schemas/domain.ts';

/**
 * Vehicle limits (first document: the user's car limit, the domain's vehicle limit "per-user or per-domain
 * mode"; the plan's comes with billing). Every limit that applies must leave room; the answer names the
 * tightest one, so the console can say which limit stops the dealer.
 *
 * Readings (docs/decisions.md, vehicles):
 * - Counted are vehicles that are registered and in use: published, limited public and unpublished. Sleeping
 *   vehicles are kept but not counted (putting vehicles to sleep is how a dealer gets under a lowered limit
 *   without losing them); deleted ones are not counted either. Waking and restoring count again, so they are
 *   checked like an addition.
 * - A null limit is none. 0 is a real limit: nothing may be added.
 * - The domain's limit in `per_user` mode is each user's own allowance; in `per_domain` mode it is shared by all
 *   the domain's users.
 * - The user's car limit counts the user's own vehicles (the owner's, for a vehicle given to them).
 */

export type VehicleLimitMode = (typeof VEHICLE_LIMIT_MODES)[number];
export type LimitedBy = NonNullable<ContentsLimitAnswer['limited_by']>;

export interface ContentsLimitInput {
  /** The user's own car limit and the vehicles they own that count. */
  user: { limit: number | null; count: number };
  /** The domain's vehicle limit, its mode, and the vehicles of the whole domain that count. */
  domain: { limit: number | null; mode: VehicleLimitMode; count: number };
  /** The plan's vehicle limit (billing), when there is one. */
  plan?: { limit: number | null; count: number };
  /** How many vehicles the action adds (a copy of several, a restore): default 1. */
  adding?: number;
}

interface Applying {
  by: LimitedBy;
  limit: number;
  count: number;
}

/** Whether `adding` more vehicles fit under every limit, and the tightest limit (least room left; user first on a tie). */
export function contentsLimit(input: ContentsLimitInput): ContentsLimitAnswer {
  const adding = input.adding ?? 1;
  const applying: Applying[] = [];
  if (input.user.limit !== null) applying.push({ by: 'user', limit: input.user.limit, count: input.user.count });
  if (input.domain.limit !== null) {
    const count = input.domain.mode === 'per_user' ? input.user.count : input.domain.count;
    applying.push({ by: 'domain', limit: input.domain.limit, count });
  }
  if (input.plan && input.plan.limit !== null) {
    applying.push({ by: 'plan', limit: input.plan.limit, count: input.plan.count });
  }
  let tightest: Applying | undefined;
  for (const a of applying) {
    if (tightest === undefined || a.limit - a.count < tightest.limit - tightest.count) tightest = a;
  }
  if (tightest === undefined) return { can_add: true, count: input.user.count, limit: null, limited_by: null };
  return {
    can_add: tightest.count + adding <= tightest.limit,
    count: tightest.count,
    limit: tightest.limit,
    limited_by: tightest.by,
  };
}

/** Publication states whose vehicles count against the limits. */
export const COUNTED_PUBLICATIONS = ['published', 'limited_public', 'unpublished'] as const;
