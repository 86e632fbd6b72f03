import { check, type PermissionActor, type PermissionCheck } from './core.ts';

/*
 * Account and billing rows of the roles table (menu readings):
 * - Account info and the account management menu describe the same screen (/account/conf): product-branded users
 *   other than super, plus normal users joined to the listing site.
 * - Card update, contract, invoice and plan change: an admin paying by card. Usage quota: anyone but master and
 *   super who pays by card.
 */

/** /account/conf: product-branded users other than super, and normal users joined to the listing site. */
export function canViewAccountInfo(actor: PermissionActor): PermissionCheck {
  const role = actor.privilegeType;
  const branded = actor.isProductBranded && role !== 'super' && role !== 'master';
  return check(branded || (role === 'normal' && actor.csJoined));
}

/** Card update, contract and invoice: an admin paying by card. */
export function canManageCard(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType === 'admin' && actor.isPayByCredit);
}

/** Usage quota: anyone but master and super, paying by card. */
export function canViewUsageQuota(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType !== 'master' && actor.privilegeType !== 'super' && actor.isPayByCredit);
}

/** Plan change: an admin paying by card (a plan is a card subscription). */
export function canChangePlan(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType === 'admin' && actor.isPayByCredit);
}
