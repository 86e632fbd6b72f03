import { check, type PermissionActor, type PermissionCheck, type PermissionTarget } from './core.ts';
import { canSeeUser } from './scope.ts';

/**
 * Who may receive a vehicle the actor transfers (canTransferVehicle says whether the actor may transfer at all).
 * Master, super and admin: a user they can see (canSeeUser), so an admin gives to the normal users of their group.
 * A normal user sees no other user, so where the domain lets them transfer (our reading) they give within their
 * group: to their admin or to a colleague under the same admin. Every other user is `not_found`, as in the
 * user lists. The owner's own vehicles and the vehicle's domain are the service's checks (transfer_same_user).
 */
export function canReceiveTransfer(actor: PermissionActor, recipient: PermissionTarget): PermissionCheck {
  if (actor.privilegeType !== 'normal') return canSeeUser(actor, recipient);
  const admin = actor.groupAdminId;
  const inGroup =
    admin !== null &&
    recipient.domainId === actor.domainId &&
    (recipient.id === admin ||
      recipient.id === actor.id ||
      (recipient.privilegeType === 'normal' && recipient.parentUserId === admin));
  return check(inGroup, 'not_found');
}
