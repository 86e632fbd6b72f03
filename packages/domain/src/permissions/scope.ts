import { assertNever } from '../assert.ts';
import { ALLOWED } from '../transition.ts';
import { check, NOT_FOUND, type PermissionActor, type PermissionCheck, type PermissionTarget } from './core.ts';

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
