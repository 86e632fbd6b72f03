import { assertNever } from '../assert.ts';
import type { PrivilegeType } from '../roles.ts';
import { ALLOWED } from '../transition.ts';
import { check, NOT_FOUND, type PermissionActor, type PermissionCheck, type PermissionTarget } from './core.ts';

/**
 * Whose records a caller reaches, as a repository filters them (vehicles, meetings): master everyone's, super the
 * tenant's, admin their own and their normal users', normal their own. One mapping so both read it alike.
 */
export type Reach =
  | { kind: 'all' }
  | { kind: 'domain'; domainId: string }
  | { kind: 'team'; domainId: string; adminId: string }
  | { kind: 'self'; domainId: string; userId: string };

export function reachOf(actor: { id: string; domainId: string; privilegeType: PrivilegeType }): Reach {
  switch (actor.privilegeType) {
    case 'master':
      return { kind: 'all' };
    case 'super':
      return { kind: 'domain', domainId: actor.domainId };
    case 'admin':
      return { kind: 'team', domainId: actor.domainId, adminId: actor.id };
    case 'normal':
      return { kind: 'self', domainId: actor.domainId, userId: actor.id };
    default:
      return assertNever(actor.privilegeType);
  }
}

/**
 * Who sees whom: master sees everyone; super sees every user of their domain; admin sees themself and their own
 * normal users (parent = the admin) in their domain; normal sees only themself. Nobody but master sees a master.
 * Every action on a user checks this first and refuses an invisible user with `not_found`, so a user of another
 * tenant cannot even learn that an id exists.
 */
export function canSeeUser(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  if (actor.privilegeType === 'master') return ALLOWED;
  if (target.privilegeType === 'master') return NOT_FOUND;
  if (target.id === actor.id) return ALLOWED;
  if (target.domainId !== actor.domainId) return NOT_FOUND;
  switch (actor.privilegeType) {
    case 'super':
      return ALLOWED;
    case 'admin':
      return check(target.privilegeType === 'normal' && target.parentUserId === actor.id, 'not_found');
    case 'normal':
      return NOT_FOUND;
    default:
      return assertNever(actor.privilegeType);
  }
}
