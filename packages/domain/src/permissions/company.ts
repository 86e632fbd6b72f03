import { ALLOWED } from '../transition.ts';
import { all, type CompanyTarget, check, type PermissionActor, type PermissionCheck } from './core.ts';

/*
 * Company rows of the roles table:
 * - Company update ("that user, if admin"): "that user" is the branded user of the row above, so a product-branded
 *   admin updates their own company.
 * - Company edit (/company/edit) is for super, and for master as the operator who fixes any tenant (the menu still
 *   shows the entry to super only).
 */

/** /companyinfo/info: the company screen of super and admin users. */
export function canViewCompanyInfo(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType === 'super' || actor.privilegeType === 'admin');
}

/** Company update from the account area: a product-branded admin, for their own company. */
export function canUpdateCompany(actor: PermissionActor, company?: CompanyTarget): PermissionCheck {
  return all(
    () => check(actor.privilegeType === 'admin' && actor.isProductBranded),
    () => check(!company || company.id === actor.companyId, 'not_found'),
  );
}

/** /company/edit: super, within their domain; master for any company. */
export function canEditCompany(actor: PermissionActor, company?: CompanyTarget): PermissionCheck {
  if (actor.privilegeType === 'master') return ALLOWED;
  return all(
    () => check(actor.privilegeType === 'super'),
    () => check(!company || company.domainId === actor.domainId, 'not_found'),
  );
}
