import {
  canAddUser,
  canDeleteUser,
  canEditUser,
  canListUsers,
  canToggleUser,
  canTransitionUserStatus,
  type PermissionActor,
  type PrivilegeType,
  type SubordinateCreate,
  type SubordinateUpdate,
  type UserAnswer,
  type UserListQuery,
} from '@spinyard/domain';
import type { UserUpdate } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import { credentials } from '../auth/credentials-service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { targetOf } from './actor.ts';
import {
  assertEmailFree,
  mapUniqueViolation,
  toUserAnswer,
  toUserSummary,
  type UsersCore,
  visibleUser,
} from './core.ts';
import { type UserRecord, type UserScope, usersRepo } from './repo.ts';

const SUBORDINATE_TYPES: readonly PrivilegeType[] = ['admin', 'normal'];

/** Admins and normal users: list, read, add, edit, enable or disable and delete; and the list of peers for pickers. */
export function subordinatesService(core: UsersCore) {
  const { db, repo, context, resolveParent, companyIn, answerFor, listPage } = core;

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

    async createSubordinate(actor: Actor, input: SubordinateCreate): Promise<UserAnswer> {
      const c = await context(actor);
      const p = c.permission;
      enforce(canAddUser(p));
      if (input.privilege_type === 'admin' && (input.parent_user_id || input.admin_code)) {
        throw new AppError('validation_failed', {
          fields: [fieldError('parent_user_id', 'format', 'Only normal users have a parent user.')],
        });
      }
      // Another tenant's domain is refused before anything there is looked up.
      if (input.domain_id && input.domain_id !== p.domainId) {
        enforce(canAddUser(p, { privilegeType: input.privilege_type, domainId: input.domain_id, parentUserId: null }));
      }
      let domainId = input.domain_id ?? p.domainId;
      if (p.privilegeType === 'master' && !input.domain_id && input.parent_user_id) {
        // Master names a parent anywhere: the new user joins the parent's domain.
        domainId = (await repo.findUser({ kind: 'all' }, input.parent_user_id))?.domain_id ?? domainId;
      }
      const domain = await repo.findDomain(domainId);
      if (!domain) throw new AppError('not_found');

      let parent: UserRecord | undefined;
      if (input.privilege_type === 'normal') {
        // An admin adds normal users under themself unless they name someone (who must then be themself).
        const named =
          input.parent_user_id || input.admin_code
            ? input
            : { parent_user_id: p.privilegeType === 'admin' ? p.id : null };
        parent = await resolveParent(repo, domainId, named);
        if (!parent) {
          throw new AppError('privilege_change_parent_required', {
            fields: [fieldError('parent_user_id', 'required', 'Choose the admin user this user belongs to.')],
          });
        }
      }
      enforce(canAddUser(p, { privilegeType: input.privilege_type, domainId, parentUserId: parent?.id ?? null }));

      const companyId = input.company_id
        ? await companyIn(repo, domainId, input.company_id)
        : (parent?.company_id ??
          (p.companyId && p.domainId === domainId ? p.companyId : ((await repo.findCompany(domainId))?.id ?? null)));
      await assertEmailFree(repo, input.email);
      const passwordHash = await hashPassword(input.password);

      const { id } = await repo
        .insertUser({
          domain_id: domainId,
          company_id: companyId,
          parent_user_id: parent?.id ?? null,
          group_id: parent?.group_id ?? null,
          email: input.email,
          password_hash: passwordHash,
          name: input.name,
          first_name: input.first_name ?? '',
          last_name: input.last_name ?? '',
          display_name: input.display_name || input.name,
          privilege_type: input.privilege_type,
          // The creator set the password, so there is nothing to confirm: the user may sign in at once.
          status: 'active',
          activated_at: new Date(),
          company_section: input.company_section ?? '',
          phone: input.phone ?? '',
          car_limit: input.car_limit ?? null,
          login_code: input.login_code ?? '',
          shop_code: input.shop_code ?? '',
          corporation_code: input.corporation_code ?? '',
          store_name: input.store_name ?? '',
          department: input.department ?? '',
          job_number: input.job_number ?? '',
          authorizer_job_number: input.authorizer_job_number ?? '',
          two_step_forced: input.two_step_forced ?? false,
          login_limit_count: input.login_limit_count ?? null,
          payment_failed_at: null,
          last_login_at: null,
        })
        .catch(mapUniqueViolation);
      return answerFor(id);
    },

    async updateSubordinate(actor: Actor, id: string, input: SubordinateUpdate): Promise<UserAnswer> {
      const c = await context(actor);
      const target = await visibleUser(repo, c, id);
      enforce(canEditUser(c.permission, targetOf(target)));
      const isSelf = target.id === c.permission.id;
      // Raising one's own vehicle or login limit, lifting one's forced two-step sign-in or choosing one's own
      // admin would be a way around the person above; those belong to whoever manages this user.
      if (isSelf && c.permission.privilegeType !== 'master') {
        const locked = (
          ['car_limit', 'login_limit_count', 'two_step_forced', 'parent_user_id', 'admin_code', 'company_id'] as const
        ).filter((k) => input[k] !== undefined);
        if (locked.length > 0) {
          throw new AppError('self_action_not_allowed', {
            fields: locked.map((k) => fieldError(k, 'forbidden', 'You cannot change this on your own account.')),
          });
        }
      }

      const values: UserUpdate = {};
      if (input.parent_user_id || input.admin_code) {
        if (target.privilege_type !== 'normal') {
          throw new AppError('validation_failed', {
            fields: [fieldError('parent_user_id', 'format', 'Only normal users have a parent user.')],
          });
        }
        const parent = await resolveParent(repo, target.domain_id, input);
        if (parent) {
          // May this actor place a normal user under that admin? The same question as adding one there.
          enforce(
            canAddUser(c.permission, { privilegeType: 'normal', domainId: target.domain_id, parentUserId: parent.id }),
          );
          values.parent_user_id = parent.id;
          values.group_id = parent.group_id;
        }
      }
      if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
        await assertEmailFree(repo, input.email, target.id);
        values.email = input.email;
      }
      if (input.company_id !== undefined) values.company_id = await companyIn(repo, target.domain_id, input.company_id);
      for (const key of [
        'name',
        'first_name',
        'last_name',
        'display_name',
        'company_section',
        'phone',
        'login_code',
        'shop_code',
        'corporation_code',
        'store_name',
        'department',
        'job_number',
        'authorizer_job_number',
      ] as const) {
        const v = input[key];
        if (v !== undefined) values[key] = v;
      }
      if (input.car_limit !== undefined) values.car_limit = input.car_limit;
      if (input.login_limit_count !== undefined) values.login_limit_count = input.login_limit_count;
      if (input.two_step_forced !== undefined) values.two_step_forced = input.two_step_forced;
      const passwordChanged = input.password !== undefined;
      if (input.password !== undefined) values.password_hash = await hashPassword(input.password);

      await db
        .transaction()
        .execute(async (trx) => {
          const r = usersRepo(trx);
          await r.updateUser(target.id, values);
          // A password set by someone else ends the user's sessions: whoever knew the old one is signed out.
          if (passwordChanged && !isSelf) await credentials(trx).endSessionsOf([target.id]);
        })
        .catch(mapUniqueViolation);
      return answerFor(target.id);
    },

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
