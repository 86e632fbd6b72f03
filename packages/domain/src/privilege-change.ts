import type { ErrorCode } from './errors.ts';
import type { PrivilegeType } from './roles.ts';

/**
 * The planner behind POST /privilege-type-change/{id} (first document section 4: "changing authority between
 * admin and normal moves child users under the new admin and shifts vehicle limits; changing to normal requires
 * choosing a parent; changing to admin moves the role out of the old admin"; section 6: "only one admin exists per
 * group of users"). It only computes the updates; the service checks permission (canChangePrivilege), loads the
 * users, applies the updates in one transaction, and moves group membership the same way.
 *
 * Readings (copied to docs/decisions.md):
 * - A group is an admin and the normal users whose parent is that admin. An admin's `carLimit` is the group's
 *   vehicle allowance; a normal user's `carLimit` is a personal cap inside it (null = no cap of their own).
 * - Admin to normal: a new parent is required (`privilege_change_parent_required`); it must be another admin of
 *   the same domain (`privilege_change_invalid_parent`). The demoted user becomes a normal user under it, their
 *   normal users move under it too, and the group allowances merge: the new parent's car limit becomes the sum of
 *   both (null, unlimited, if either was unlimited). The demoted user keeps no personal cap (null). The children's
 *   personal caps are kept.
 * - Normal to admin: the promoted user takes the admin role of their group. The old admin (their parent) becomes a
 *   normal user under the promoted user, the other normal users of the group move under the promoted user, and the
 *   group allowance moves with the role: the promoted user gets the old admin's car limit, the old admin gets no
 *   personal cap (null). A normal user with no parent (none should exist) simply becomes an admin with their own
 *   car limit. When the parent is not among the given users, or is not an admin of the domain, the plan is
 *   refused with `not_found` rather than leaving two admins in one group. A parent given with a promotion is
 *   ignored: admins have no parent.
 * - Only admin and normal users change, and only to the other of the two (`privilege_change_not_allowed`
 *   otherwise, including "to the same role").
 * - Users of the plan that belong to another domain than the changed user are refused as parents and never moved.
 */

export interface PrivilegeUser {
  id: string;
  privilegeType: PrivilegeType;
  domainId: string;
  parentUserId: string | null;
  carLimit: number | null;
}

export interface PrivilegeChangeInput {
  /** The user whose role changes. */
  target: PrivilegeUser;
  to: PrivilegeType;
  /** Admin to normal: the admin who becomes the target's parent. */
  newParentId?: string | null;
  /**
   * The users the change can touch, looked up by id: the target's normal users, the new parent, the target's
   * current parent and that parent's normal users. Extra users are ignored.
   */
  users: readonly PrivilegeUser[];
}

export interface PrivilegeUpdate {
  userId: string;
  privilegeType?: 'admin' | 'normal';
  parentUserId?: string | null;
  carLimit?: number | null;
}

export type PrivilegeChangePlan = { ok: true; updates: PrivilegeUpdate[] } | { ok: false; reason: ErrorCode };

/** Sum of two group allowances, where null is unlimited. */
export function mergeCarLimits(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

const childrenOf = (parentId: string, input: PrivilegeChangeInput): PrivilegeUser[] =>
  input.users.filter(
    (u) =>
      u.parentUserId === parentId &&
      u.id !== input.target.id &&
      u.privilegeType === 'normal' &&
      u.domainId === input.target.domainId,
  );

export function planPrivilegeChange(input: PrivilegeChangeInput): PrivilegeChangePlan {
  const { target, to } = input;
  const changeable = (p: PrivilegeType) => p === 'admin' || p === 'normal';
  if (!changeable(target.privilegeType) || !changeable(to) || target.privilegeType === to) {
    return { ok: false, reason: 'privilege_change_not_allowed' };
  }
  return to === 'normal' ? planDemotion(input) : planPromotion(input);
}

function planDemotion(input: PrivilegeChangeInput): PrivilegeChangePlan {
  const { target, newParentId } = input;
  if (!newParentId) return { ok: false, reason: 'privilege_change_parent_required' };
  const parent = input.users.find((u) => u.id === newParentId);
  if (!parent || parent.id === target.id || parent.privilegeType !== 'admin' || parent.domainId !== target.domainId) {
    return { ok: false, reason: 'privilege_change_invalid_parent' };
  }
  return {
    ok: true,
    updates: [
      { userId: target.id, privilegeType: 'normal', parentUserId: parent.id, carLimit: null },
      { userId: parent.id, carLimit: mergeCarLimits(parent.carLimit, target.carLimit) },
      ...childrenOf(target.id, input).map((c) => ({ userId: c.id, parentUserId: parent.id })),
    ],
  };
}

function planPromotion(input: PrivilegeChangeInput): PrivilegeChangePlan {
  const { target } = input;
  if (target.parentUserId === null) {
    return { ok: true, updates: [{ userId: target.id, privilegeType: 'admin', parentUserId: null }] };
  }
  const oldAdmin = input.users.find(
    (u) => u.id === target.parentUserId && u.privilegeType === 'admin' && u.domainId === target.domainId,
  );
  // Promoting without demoting the group's admin would leave two admins in one group: refuse instead.
  if (!oldAdmin) return { ok: false, reason: 'not_found' };
  return {
    ok: true,
    updates: [
      { userId: target.id, privilegeType: 'admin', parentUserId: null, carLimit: oldAdmin.carLimit },
      { userId: oldAdmin.id, privilegeType: 'normal', parentUserId: target.id, carLimit: null },
      ...childrenOf(oldAdmin.id, input).map((c) => ({ userId: c.id, parentUserId: target.id })),
    ],
  };
}
