import { describe, expect, it } from 'vitest';
import { mergeCarLimits, type PrivilegeUser, planPrivilegeChange } from './privilege-change.ts';

const u = (id: string, over: Partial<PrivilegeUser> = {}): PrivilegeUser => ({
  id,
  privilegeType: 'normal',
  domainId: 'd1',
  parentUserId: null,
  carLimit: null,
  ...over,
});

// Two groups in domain d1: admin A (limit 50) with n1, n2; admin B (limit 30) with n3. Admin X is in domain d2.
const A = u('A', { privilegeType: 'admin', carLimit: 50 });
const B = u('B', { privilegeType: 'admin', carLimit: 30 });
const X = u('X', { privilegeType: 'admin', domainId: 'd2', carLimit: 10 });
const n1 = u('n1', { parentUserId: 'A', carLimit: 5 });
const n2 = u('n2', { parentUserId: 'A' });
const n3 = u('n3', { parentUserId: 'B' });
const users = [A, B, X, n1, n2, n3];

describe('planPrivilegeChange: admin to normal', () => {
  it('moves the admin and their children under the new parent and merges the limits', () => {
    expect(planPrivilegeChange({ target: A, to: 'normal', newParentId: 'B', users })).toEqual({
      ok: true,
      updates: [
        { userId: 'A', privilegeType: 'normal', parentUserId: 'B', carLimit: null },
        { userId: 'B', carLimit: 80 },
        { userId: 'n1', parentUserId: 'B' },
        { userId: 'n2', parentUserId: 'B' },
      ],
    });
  });

  it('an unlimited group makes the merged group unlimited', () => {
    const unlimited = { ...A, carLimit: null };
    const plan = planPrivilegeChange({ target: unlimited, to: 'normal', newParentId: 'B', users });
    expect(plan.ok && plan.updates[1]).toEqual({ userId: 'B', carLimit: null });
  });

  it.each<[string, string | null | undefined, string]>([
    ['no parent', undefined, 'privilege_change_parent_required'],
    ['empty parent', '', 'privilege_change_parent_required'],
    ['themself as parent', 'A', 'privilege_change_invalid_parent'],
    ['a normal user as parent', 'n3', 'privilege_change_invalid_parent'],
    ['an admin of another domain', 'X', 'privilege_change_invalid_parent'],
    ['an unknown user', 'ghost', 'privilege_change_invalid_parent'],
  ])('%s is refused', (_name, newParentId, reason) => {
    expect(planPrivilegeChange({ target: A, to: 'normal', newParentId, users })).toEqual({ ok: false, reason });
  });
});

describe('planPrivilegeChange: normal to admin', () => {
  it('takes the admin role of the group: the old admin becomes normal under the promoted user', () => {
    expect(planPrivilegeChange({ target: n1, to: 'admin', users })).toEqual({
      ok: true,
      updates: [
        { userId: 'n1', privilegeType: 'admin', parentUserId: null, carLimit: 50 },
        { userId: 'A', privilegeType: 'normal', parentUserId: 'n1', carLimit: null },
        { userId: 'n2', parentUserId: 'n1' },
      ],
    });
  });

  it('one admin per group: after the plan the group has exactly one admin', () => {
    const plan = planPrivilegeChange({ target: n2, to: 'admin', users });
    if (!plan.ok) throw new Error('refused');
    const after = users.map((x) => ({ ...x, ...plan.updates.find((p) => p.userId === x.id) }));
    const group = after.filter((x) => x.id === 'n2' || x.parentUserId === 'n2');
    expect(group.filter((x) => x.privilegeType === 'admin').map((x) => x.id)).toEqual(['n2']);
    expect(group.map((x) => x.id).sort()).toEqual(['A', 'n1', 'n2']);
  });

  it('a normal user without parent simply becomes an admin', () => {
    expect(planPrivilegeChange({ target: u('lonely'), to: 'admin', users })).toEqual({
      ok: true,
      updates: [{ userId: 'lonely', privilegeType: 'admin', parentUserId: null }],
    });
  });

  it('a parent missing from the given users is refused rather than leaving two admins', () => {
    expect(planPrivilegeChange({ target: n1, to: 'admin', users: [n1, n2] })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('a parent given with a promotion is ignored', () => {
    const plan = planPrivilegeChange({ target: n3, to: 'admin', newParentId: 'A', users });
    expect(plan.ok && plan.updates[0]).toEqual({
      userId: 'n3',
      privilegeType: 'admin',
      parentUserId: null,
      carLimit: 30,
    });
  });
});

describe('planPrivilegeChange: refused changes', () => {
  it.each<[string, PrivilegeUser, PrivilegeUser['privilegeType']]>([
    ['admin to admin', A, 'admin'],
    ['normal to normal', n1, 'normal'],
    ['to super', n1, 'super'],
    ['to master', A, 'master'],
    ['a super', u('S', { privilegeType: 'super' }), 'admin'],
    ['a master', u('M', { privilegeType: 'master' }), 'normal'],
  ])('%s', (_name, target, to) => {
    expect(planPrivilegeChange({ target, to, newParentId: 'B', users })).toEqual({
      ok: false,
      reason: 'privilege_change_not_allowed',
    });
  });
});

describe('mergeCarLimits', () => {
  it.each([
    [10, 20, 30],
    [0, 5, 5],
    [null, 5, null],
    [5, null, null],
    [null, null, null],
  ] as const)('%j + %j = %j', (a, b, sum) => {
    expect(mergeCarLimits(a, b)).toBe(sum);
  });
});
