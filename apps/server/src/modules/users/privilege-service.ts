import { canChangePrivilege, type PrivilegeUpdate, type PrivilegeUser, planPrivilegeChange } from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { targetOf } from './actor.ts';
import { mapUniqueViolation, PARENT_MESSAGE, type UsersCore } from './core.ts';
import { type UsersRepo, usersRepo } from './repo.ts';

/** Privilege change: an admin becomes a normal user under another admin, or the reverse, with their team and group. */
export function privilegeService(core: UsersCore) {
  const { db, context, answerFor } = core;
  return {
    async changePrivilege(
      actor: Actor,
      id: string,
      input: { privilege_type: 'admin' | 'normal'; parent_user_id?: string | null | undefined },
    ) {
      const c = await context(actor);
      const changed = await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          const [target] = await r.lockUsers(c.scope, [id]);
          if (!target) throw new AppError('not_found');
          enforce(canChangePrivilege(c.permission, targetOf(target)));

          // Everyone the change can touch, locked in one go so a concurrent change waits for this one.
          const parentId = target.parent_user_id;
          const involvedIds = new Set<string>([
            ...(await r.childIds(target.id)),
            ...(parentId ? [parentId, ...(await r.childIds(parentId))] : []),
            ...(input.parent_user_id ? [input.parent_user_id] : []),
          ]);
          involvedIds.delete(target.id);
          const involved = await r.lockUsers(c.scope, [...involvedIds]);
          // A new parent the actor cannot see is as unknown as an id that does not exist.
          const newParentId = input.parent_user_id;
          if (newParentId && newParentId !== target.id && !involved.some((u) => u.id === newParentId)) {
            throw new AppError('not_found', {
              fields: [fieldError('parent_user_id', 'one_of', PARENT_MESSAGE)],
            });
          }
          const plan = planPrivilegeChange({
            target: privilegeUser(target),
            to: input.privilege_type,
            newParentId: input.parent_user_id ?? null,
            users: involved.map(privilegeUser),
          });
          if (!plan.ok) {
            const field =
              plan.reason === 'privilege_change_parent_required' || plan.reason === 'privilege_change_invalid_parent'
                ? [
                    fieldError(
                      'parent_user_id',
                      plan.reason === 'privilege_change_parent_required' ? 'required' : 'one_of',
                      PARENT_MESSAGE,
                    ),
                  ]
                : undefined;
            throw new AppError(plan.reason, field ? { fields: field } : {});
          }

          const groupMoves = await groupMovesOf(
            r,
            input.privilege_type,
            target,
            input.parent_user_id ?? null,
            plan.updates,
          );
          // Demotions first: the database keeps one admin per group at every statement, not only at commit.
          for (const u of orderUpdates(plan.updates)) {
            await r.updateUser(u.userId, {
              ...(u.privilegeType !== undefined ? { privilege_type: u.privilegeType } : {}),
              ...(u.parentUserId !== undefined ? { parent_user_id: u.parentUserId } : {}),
              ...(u.carLimit !== undefined ? { car_limit: u.carLimit } : {}),
            });
          }
          await groupMoves();
          const after = await r.lockUsers(
            { kind: 'all' },
            plan.updates.map((u) => u.userId),
          );
          return after.map((u) => ({
            id: u.id,
            privilege_type: u.privilege_type,
            parent_user_id: u.parent_user_id,
            car_limit: u.car_limit,
          }));
        })
        .catch(mapUniqueViolation);
      return { user: await answerFor(id), changed };
    },
  };
}

type LockedUser = Awaited<ReturnType<UsersRepo['lockUsers']>>[number];

function privilegeUser(u: LockedUser): PrivilegeUser {
  return {
    id: u.id,
    privilegeType: u.privilege_type,
    domainId: u.domain_id,
    parentUserId: u.parent_user_id,
    carLimit: u.car_limit,
  };
}

function orderUpdates(updates: readonly PrivilegeUpdate[]): PrivilegeUpdate[] {
  const rank = (u: PrivilegeUpdate) => (u.privilegeType === 'normal' ? 0 : u.privilegeType === 'admin' ? 2 : 1);
  return [...updates].sort((a, b) => rank(a) - rank(b));
}

/**
 * Group membership follows the admin role (the planner's "moves group membership the same way"):
 * - promotion: the old admin's group gets the promoted user as its admin, and the promoted user joins it;
 * - demotion: the demoted admin and their users join the new parent's group; when the new parent heads no
 *   group, the new parent takes over the demoted admin's group instead.
 * Returns the writes to run after the users' roles changed (the group's admin column is cleared before).
 */
async function groupMovesOf(
  r: UsersRepo,
  to: 'admin' | 'normal',
  target: LockedUser,
  newParentId: string | null,
  updates: readonly PrivilegeUpdate[],
): Promise<() => Promise<void>> {
  if (to === 'admin') {
    const oldAdminId = target.parent_user_id;
    const group = oldAdminId ? await r.groupOfAdmin(oldAdminId) : undefined;
    if (!group) return async () => undefined;
    await r.updateGroup(group.id, { adminUserId: null });
    return async () => {
      await r.setGroupOf([target.id], group.id);
      await r.updateGroup(group.id, { adminUserId: target.id });
    };
  }
  const parentId = newParentId;
  const ownGroup = await r.groupOfAdmin(target.id);
  const parentGroup = parentId ? await r.groupOfAdmin(parentId) : undefined;
  const moved = updates.filter((u) => u.parentUserId !== undefined).map((u) => u.userId);
  if (ownGroup) await r.updateGroup(ownGroup.id, { adminUserId: null });
  return async () => {
    if (!parentId) return;
    if (parentGroup) {
      await r.setGroupOf(moved, parentGroup.id);
    } else if (ownGroup) {
      await r.setGroupOf([parentId], ownGroup.id);
      await r.updateGroup(ownGroup.id, { adminUserId: parentId });
    }
  };
}
