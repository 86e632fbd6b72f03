import { check, type PermissionActor, type PermissionCheck } from './core.ts';

/**
 * Listing-service operations (first document section 6: "only the creator may run listing-service operations"):
 * the caller must be joined to the listing site (the image-system user's cs_join on a domain offering the link),
 * and a vehicle's link is run by the user who created it, whatever their role (master included: the link uses the
 * creator's partner account, which nobody else holds).
 */
export function canUseListing(actor: PermissionActor): PermissionCheck {
  return check(actor.csJoined, 'listing_not_joined');
}

export function canRunListingOperation(actor: PermissionActor, vehicle: { creatorId: string }): PermissionCheck {
  if (!actor.csJoined) return check(false, 'listing_not_joined');
  return check(actor.id === vehicle.creatorId, 'not_content_creator');
}
