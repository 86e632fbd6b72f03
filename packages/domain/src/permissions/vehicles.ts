import { ALLOWED } from '../transition.ts';
import { check, type PermissionActor, type PermissionCheck } from './core.ts';

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
