import { describe, expect, it } from 'vitest';
import { type ContentsLimitInput, contentsLimit } from './contents-limit.ts';

const none: ContentsLimitInput = {
  user: { limit: null, count: 3 },
  domain: { limit: null, mode: 'per_domain', count: 40 },
};

describe('contentsLimit', () => {
  it('adds freely when no limit applies, and reports the user count', () => {
    expect(contentsLimit(none)).toEqual({ can_add: true, count: 3, limit: null, limited_by: null });
  });

  it.each([
    [2, 3, false],
    [3, 3, false],
    [4, 3, true],
    [0, 0, false],
    [1, 0, true],
  ])("the user's car limit %i with %i vehicles: can add %s", (limit, count, canAdd) => {
    const r = contentsLimit({ ...none, user: { limit, count } });
    expect(r).toEqual({ can_add: canAdd, count, limit, limited_by: 'user' });
  });

  it("counts the whole domain in per-domain mode and only the user's vehicles in per-user mode", () => {
    const perDomain = contentsLimit({ ...none, domain: { limit: 40, mode: 'per_domain', count: 40 } });
    expect(perDomain).toEqual({ can_add: false, count: 40, limit: 40, limited_by: 'domain' });
    const perUser = contentsLimit({ ...none, domain: { limit: 40, mode: 'per_user', count: 40 } });
    expect(perUser).toEqual({ can_add: true, count: 3, limit: 40, limited_by: 'domain' });
    const perUserFull = contentsLimit({ ...none, domain: { limit: 3, mode: 'per_user', count: 40 } });
    expect(perUserFull.can_add).toBe(false);
  });

  it('names the limit with the least room, whichever is lower in number', () => {
    // User: 10 - 3 = 7 left; domain: 50 - 45 = 5 left. The domain stops first though its number is higher.
    const r = contentsLimit({
      user: { limit: 10, count: 3 },
      domain: { limit: 50, mode: 'per_domain', count: 45 },
    });
    expect(r).toEqual({ can_add: true, count: 45, limit: 50, limited_by: 'domain' });
    const plan = contentsLimit({
      user: { limit: 10, count: 3 },
      domain: { limit: 50, mode: 'per_domain', count: 45 },
      plan: { limit: 4, count: 4 },
    });
    expect(plan).toEqual({ can_add: false, count: 4, limit: 4, limited_by: 'plan' });
  });

  it('refuses when any limit is full, even if another has room', () => {
    const r = contentsLimit({ user: { limit: 5, count: 5 }, domain: { limit: 100, mode: 'per_domain', count: 5 } });
    expect(r.can_add).toBe(false);
    expect(r.limited_by).toBe('user');
  });

  it('checks room for several vehicles at once', () => {
    const input = { ...none, user: { limit: 5, count: 3 } };
    expect(contentsLimit({ ...input, adding: 2 }).can_add).toBe(true);
    expect(contentsLimit({ ...input, adding: 3 }).can_add).toBe(false);
  });
});
