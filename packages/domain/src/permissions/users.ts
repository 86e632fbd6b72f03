import { assertNever } from '../assert.ts';
import type { PrivilegeType } from '../roles.ts';
import { ALLOWED } from '../transition.ts';
import { all, check, FORBIDDEN, type PermissionActor, type PermissionCheck, type PermissionTarget } from './core.ts';
import { canSeeUser } from './scope.ts';

/*
 * User-management rows of the roles table:
 * - User list, add and edit: master always; super, or an admin who is not product-branded, or a branded admin not
 *   paying by card; all refused for non-masters when the domain's `is_user_add` is off (`user_management_disabled`).
 *   The same gate covers every user-management action (CSV add, enable/disable, delete, privilege change): all of
 *   them start from the user screens, so turning the screens off turns the actions off.
 * - Edit: super edits themself, admins and normal users, not another super (master manages supers); an admin edits
 *   themself and their own normal users.
 * - Enable or disable: master or super; never oneself (`self_action_not_allowed`); never a master; a super only by
 *   master.
 * - Delete ("master, super, or admin under conditions not shown"): master deletes anyone but a master or a super;
 *   super deletes admins and normal users of their domain; an admin deletes their own normal users when they may
 *   manage users at all. Never oneself. A super is never deleted (`super_user_undeletable`, even by master). A user
 *   whose content is processing is refused with `user_delete_processing`, checked after the permission so a
 *   refused caller learns nothing about the target's contents.
 * - Privilege change (admin <-> normal, /privilege-type-change/{id}): master, or super within their domain; never
 *   oneself; only admin and normal users change (others: `privilege_change_not_allowed`). An admin may not: a
 *   promotion in their group would demote them, which is for the level above to decide.
 * - Add user: the new user's role must be below the actor's: master adds super, admin, normal; super adds admin and
 *   normal in their domain; an admin adds normal users under themself (see `canAddUser` with a draft).
 * - CSV user add: super only (not master), not product-branded, not paying by card, with `is_user_add` on.
 * - Groups (create, edit, members, delete): whoever may list users, and of them only master or super: choosing a
 *   group's admin is a change of the admin role, the privilege-change rule.
 */

/** The roles table's "user list, add, edit" row, for the actor alone. */
function userManagement(actor: PermissionActor): PermissionCheck {
  switch (actor.privilegeType) {
    case 'master':
      return ALLOWED;
    case 'super':
      return check(actor.domainOptions.is_user_add, 'user_management_disabled');
    case 'admin':
      if (actor.isProductBranded && actor.isPayByCredit) return FORBIDDEN;
      return check(actor.domainOptions.is_user_add, 'user_management_disabled');
    case 'normal':
      return FORBIDDEN;
    default:
      return assertNever(actor.privilegeType);
  }
}

export function canListUsers(actor: PermissionActor): PermissionCheck {
  return userManagement(actor);
}

/** The roles an actor may give a new user (or an edited one), highest first. */
export function assignablePrivileges(actor: PermissionActor): readonly PrivilegeType[] {
  switch (actor.privilegeType) {
    case 'master':
      return ['super', 'admin', 'normal'];
    case 'super':
      return ['admin', 'normal'];
    case 'admin':
      return ['normal'];
    case 'normal':
      return [];
    default:
      return assertNever(actor.privilegeType);
  }
}

/** The user about to be created, when known: its role, domain and parent. */
export interface NewUserDraft {
  privilegeType: PrivilegeType;
  domainId: string;
  parentUserId: string | null;
}

/**
 * Add a user. Without a draft: may the actor open the add screen at all. With one: may they create that user
 * (role below theirs, in their domain; an admin only normal users under themself). Whether the parent exists and
 * is an admin of that domain is the service's check against the database.
 */
export function canAddUser(actor: PermissionActor, draft?: NewUserDraft): PermissionCheck {
  return all(
    () => userManagement(actor),
    () => {
      if (!draft) return ALLOWED;
      if (!assignablePrivileges(actor).includes(draft.privilegeType)) return FORBIDDEN;
      if (actor.privilegeType === 'master') return ALLOWED;
      if (draft.domainId !== actor.domainId) return FORBIDDEN;
      if (actor.privilegeType === 'admin') return check(draft.parentUserId === actor.id);
      return ALLOWED;
    },
  );
}

export function canEditUser(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => userManagement(actor),
    () => {
      if (target.id === actor.id || actor.privilegeType === 'master') return ALLOWED;
      // Visible and not oneself: for a super that is anyone of the domain, so leave other supers to master.
      return check(target.privilegeType !== 'super');
    },
  );
}

/** List and register super users: the operator's, as the role that may add a super (`canAddUser` with a super). */
export function canManageSuperusers(actor: PermissionActor): PermissionCheck {
  return canAddUser(actor, { privilegeType: 'super', domainId: actor.domainId, parentUserId: null });
}

/** Create, edit and delete groups and set their members: master, or super with the user screens on. */
export function canManageGroups(actor: PermissionActor): PermissionCheck {
  return all(
    () => userManagement(actor),
    () => check(actor.privilegeType === 'master' || actor.privilegeType === 'super'),
  );
}

export function canImportUsersCsv(actor: PermissionActor): PermissionCheck {
  return all(
    () => check(actor.privilegeType === 'super' && !actor.isProductBranded && !actor.isPayByCredit),
    () => check(actor.domainOptions.is_user_add, 'user_management_disabled'),
  );
}

/** Enable or disable a user: master or super; never oneself; never a master; a super only by master. */
export function canToggleUser(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => check(actor.privilegeType === 'master' || actor.privilegeType === 'super'),
    () => userManagement(actor),
    () => check(target.id !== actor.id, 'self_action_not_allowed'),
    () => check(target.privilegeType !== 'master'),
    () => check(target.privilegeType !== 'super' || actor.privilegeType === 'master'),
  );
}

export function canDeleteUser(
  actor: PermissionActor,
  target: PermissionTarget,
  state: { hasProcessingContent: boolean },
): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => check(target.privilegeType !== 'super', 'super_user_undeletable'),
    () => check(target.id !== actor.id, 'self_action_not_allowed'),
    () => check(target.privilegeType !== 'master'),
    () => userManagement(actor),
    () => {
      switch (actor.privilegeType) {
        case 'master':
        case 'super':
          return ALLOWED;
        case 'admin':
          return check(target.privilegeType === 'normal' && target.parentUserId === actor.id);
        case 'normal':
          return FORBIDDEN;
        default:
          return assertNever(actor.privilegeType);
      }
    },
    () => check(!state.hasProcessingContent, 'user_delete_processing'),
  );
}

/** Change a user between admin and normal: master, or super in their domain; never oneself. */
export function canChangePrivilege(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => check(actor.privilegeType === 'master' || actor.privilegeType === 'super'),
    () => userManagement(actor),
    () => check(target.id !== actor.id, 'self_action_not_allowed'),
    () => check(target.privilegeType === 'admin' || target.privilegeType === 'normal', 'privilege_change_not_allowed'),
  );
}
