import { assertNever } from '../assert.ts';
import { ALLOWED } from '../transition.ts';
import { check, NOT_FOUND, type PermissionActor, type PermissionCheck } from './core.ts';

/**
 * Transfer a vehicle to another user ("master, super, or admin when allowed; normal-user transfer is a domain
 * option"): master, super and admin; a normal user only when normal-user transfer is on.
 * `normalUserTransferEnabled` is the effective setting for this user (the image-system user's flag when the
 * caller has it), defaulting to the domain option. Which recipients are allowed is the service's check: the
 * recipient must pass canSeeUser for the actor, and must not already own the vehicle.
 */
export function canTransferVehicle(
  actor: PermissionActor,
  opts: { normalUserTransferEnabled: boolean } = {
    normalUserTransferEnabled: actor.domainOptions.normal_user_transfer,
  },
): PermissionCheck {
  if (actor.privilegeType !== 'normal') return ALLOWED;
  return check(opts.normalUserTransferEnabled);
}

/** The vehicle an action is about, as far as visibility goes: its domain, owner and the owner's parent admin. */
export interface ContentTarget {
  domainId: string;
  ownerId: string;
  /** The owner's parent admin (normal users), else null. */
  ownerParentId: string | null;
}

/**
 * Who sees (and so may read, edit, publish and delete) a vehicle: master every vehicle; super every vehicle of
 * their domain (the tenant: the spec's "the company"); admin their own and those of the normal users under them
 * (their group); normal only their own. Everything else is `not_found`, so another tenant cannot even learn that
 * an id exists. The list applies the same rule in SQL (the contents repository's scope).
 */
export function canSeeContent(actor: PermissionActor, target: ContentTarget): PermissionCheck {
  if (actor.privilegeType === 'master') return ALLOWED;
  if (target.domainId !== actor.domainId) return NOT_FOUND;
  if (target.ownerId === actor.id) return ALLOWED;
  switch (actor.privilegeType) {
    case 'super':
      return ALLOWED;
    case 'admin':
      return check(target.ownerParentId === actor.id, 'not_found');
    case 'normal':
      return NOT_FOUND;
    default:
      return assertNever(actor.privilegeType);
  }
}
