import {
  canDeleteUser,
  canListUsers,
  canToggleUser,
  canTransitionUserStatus,
  type PermissionActor,
  type PrivilegeType,
  type UserAnswer,
  type UserListQuery,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import { credentials } from '../auth/credentials-service.ts';
import type { Actor } from '../auth/service.ts';
import { targetOf } from './actor.ts';
import { toUserAnswer, toUserSummary, type UsersCore, visibleUser } from './core.ts';
import { type UserScope, usersRepo } from './repo.ts';
import { subordinateCreation, subordinateUpdate } from './subordinate-edits-service.ts';

const SUBORDINATE_TYPES: readonly PrivilegeType[] = ['admin', 'normal'];

/** Admins and normal users: list, read, add, edit, enable or disable and delete; and the list of peers for pickers. */
export function subordinatesService(core: UsersCore) {
  const { db, repo, context, answerFor, listPage } = core;

  /**
   * Delete users, all or none. Each must be deletable by the actor; none may own a vehicle that is being
   * processed; an admin's normal users must be deleted with them or moved first. Deleting sets deleted_at (the
   * row stays for the vehicles that point at it, the e-mail is free again) and ends every session.
   */
  async function deleteUsers(
    actor: Actor,
    ids: readonly string[],
    options: { bulk: boolean } = { bulk: true },
  ): Promise<{ deleted: number }> {
    const c = await context(actor);
    return db.transaction().execute(async (trx) => {
      const r = usersRepo(trx);
      const locked = await r.lockUsers(c.scope, ids);
      if (locked.length !== ids.length) throw new AppError('not_found');
      // Permission first, as if nothing were processing, so a refused caller learns nothing about the vehicles.
      for (const u of locked) enforce(canDeleteUser(c.permission, targetOf(u), { hasProcessingContent: false }));
      const processing = new Set(await r.usersWithProcessingContent(ids));
      // The catalogue's batch message: the whole deletion is cancelled, not only the busy users' part.
      if (options.bulk && processing.size > 0) throw new AppError('bulk_delete_processing');
      for (const u of locked) {
        enforce(canDeleteUser(c.permission, targetOf(u), { hasProcessingContent: processing.has(u.id) }));
      }
      const deleting = new Set(ids);
      for (const u of locked.filter((x) => x.privilege_type === 'admin')) {
        const orphans = (await r.childIds(u.id)).filter((child) => !deleting.has(child));
        if (orphans.length > 0) {
          throw new AppError('admin_has_users');
        }
      }
      await r.softDeleteUsers(ids);
      await credentials(trx).endSessionsOf(ids);
      return { deleted: ids.length };
    });
  }

  return {
    async listSubordinates(actor: Actor, q: UserListQuery) {
      const c = await context(actor);
      enforce(canListUsers(c.permission));
      return listPage(
        {
          scope: c.scope,
          privilegeTypes: q.privilege_type ? [q.privilege_type] : SUBORDINATE_TYPES,
          q: q.q,
          status: q.status,
          parentUserId: q.parent_user_id,
          groupId: q.group_id,
          // Only master chooses a tenant; everyone else's scope already is theirs.
          domainId: c.permission.privilegeType === 'master' ? q.domain_id : undefined,
          // The list is of the people one manages; an admin's own row is their profile.
          excludeUserId: c.permission.id,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        },
        toUserAnswer,
      );
    },

    async getUser(actor: Actor, id: string): Promise<UserAnswer> {
      const c = await context(actor);
      const user = await visibleUser(repo, c, id);
      // One's own row is one's profile; anyone else's needs the user screens.
      if (user.id !== c.permission.id) enforce(canListUsers(c.permission));
      return toUserAnswer(user);
    },

    ...subordinateCreation(core),

    ...subordinateUpdate(core),

    /** Enable (active) or disable (inactive) a user; disabling ends their sessions at once. */
    async setStatus(actor: Actor, id: string, status: 'active' | 'inactive'): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      enforce(canToggleUser(c.permission, targetOf(target)));
      const move = canTransitionUserStatus(target.status, status);
      if (!move.ok) {
        throw new AppError('invalid_state_transition', {
          message: `A user in status ${target.status} cannot become ${status}.`,
        });
      }
      await db.transaction().execute(async (trx) => {
        const r = usersRepo(trx);
        await r.updateUser(target.id, {
          status,
          ...(status === 'active' && !target.activated_at ? { activated_at: new Date() } : {}),
        });
        if (status === 'inactive') await credentials(trx).endSessionsOf([target.id]);
      });
      return answerFor(target.id);
    },

    deleteUsers,

    async deleteUser(actor: Actor, id: string): Promise<{ deleted: number }> {
      return deleteUsers(actor, [id], { bulk: false });
    },

    /**
     * GET /v1/users. With same_privileges: the users of the caller's role in their reach (transfer recipients and
     * similar pickers): master the other masters; super the other supers of their domain; admin the other admins
     * of their domain; normal the other normal users under the same admin. Without it: every user the caller can
     * see, themself included.
     */
    async users(actor: Actor, q: { samePrivileges: boolean; q?: string | undefined; page: number; limit: number }) {
      const c = await context(actor);
      const p = c.permission;
      const filter = q.samePrivileges
        ? peersFilter(p)
        : {
            scope: c.scope,
            privilegeTypes: (p.privilegeType === 'master'
              ? ['master', 'super', 'admin', 'normal']
              : ['super', 'admin', 'normal']) as PrivilegeType[],
          };
      return listPage(
        {
          ...filter,
          q: q.q,
          status: 'active',
          sort: 'name_asc',
          page: q.page,
          limit: q.limit,
        },
        toUserSummary,
      );
    },
  };
}

/** GET /users?same_privileges=1: whose list a caller gets (see usersService.users). */
function peersFilter(p: PermissionActor): {
  scope: UserScope;
  privilegeTypes: PrivilegeType[];
  parentUserId?: string;
  excludeUserId: string;
} {
  switch (p.privilegeType) {
    case 'master':
      return { scope: { kind: 'all' }, privilegeTypes: ['master'], excludeUserId: p.id };
    case 'super':
    case 'admin':
      return {
        scope: { kind: 'domain', domainId: p.domainId, selfId: p.id },
        privilegeTypes: [p.privilegeType],
        excludeUserId: p.id,
      };
    case 'normal':
      return {
        scope: { kind: 'domain', domainId: p.domainId, selfId: p.id },
        privilegeTypes: ['normal'],
        // A normal user without a parent has no peers.
        parentUserId: p.groupAdminId ?? '0',
        excludeUserId: p.id,
      };
  }
}
