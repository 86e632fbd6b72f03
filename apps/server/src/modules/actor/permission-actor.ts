import {
  type DomainOptions,
  effectiveImageSystem,
  type ImageSystem,
  isProductBrandedUser,
  type PermissionActor,
  type PermissionCheck,
  readDomainOptions,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { actorRepo } from './repo.ts';

/**
 * The caller as every area's rules need them: the permission actor of packages/domain and the domain options it
 * was computed from. Built from the database on every request, so a change of role, card payment or domain option
 * applies at the caller's next request; and built here for every area, so a rule about who the caller is changes
 * in one place.
 */
export interface CallerContext {
  permission: PermissionActor;
  /** The caller's domain options; master's with every feature on (MASTER_OPTION_OVERRIDES). */
  domainOptions: DomainOptions;
  /** The caller's own simultaneous-login limit; null means the domain's. */
  loginLimitCount: number | null;
  /** The caller's image-system settings in force (the domain's defaults, their own changes, nothing unoffered). */
  imageSystem: ImageSystem;
}

/** The product's operator domain gives master every feature, as the profile does. */
const MASTER_OPTION_OVERRIDES: Partial<DomainOptions> = {
  option_data: true,
  web_negotiation: true,
  hotspot_browser: true,
  hotspot_app: true,
  is_user_add: true,
  app_login: true,
};

/** The caller, or `not_authenticated` when the token outlived the user (deleted since it was issued). */
export async function loadCaller(db: Db, actor: Actor): Promise<CallerContext> {
  const row = await actorRepo(db).callerRow(actor.userId);
  if (!row) throw new AppError('not_authenticated');
  const stored = readDomainOptions(row.domain_options);
  const domainOptions = row.privilege_type === 'master' ? { ...stored, ...MASTER_OPTION_OVERRIDES } : stored;
  // Joined to the listing site only while the domain still offers the link, whatever the user saved.
  const imageSystem = effectiveImageSystem(domainOptions, row.image_system);
  const permission: PermissionActor = {
    id: row.id,
    privilegeType: row.privilege_type,
    domainId: row.domain_id,
    companyId: row.company_id,
    groupAdminId: row.privilege_type === 'normal' ? row.parent_user_id : null,
    isProductBranded: isProductBrandedUser({
      privilegeType: row.privilege_type,
      isProductDomain: row.is_product_domain,
      isPayByCredit: row.is_pay_by_credit,
    }),
    isPayByCredit: row.is_pay_by_credit,
    csJoined: imageSystem.cs_join,
    domainOptions: {
      is_user_add: domainOptions.is_user_add,
      normal_user_transfer: domainOptions.normal_user_transfer,
      option_data: domainOptions.option_data,
    },
  };
  return { permission, domainOptions, loginLimitCount: row.login_limit_count, imageSystem };
}

/** Only the permission actor, for areas whose rules need nothing else about the caller. */
export async function permissionActorOf(db: Db, actor: Actor): Promise<PermissionActor> {
  return (await loadCaller(db, actor)).permission;
}

/** A refused check becomes the catalogue error it names (`forbidden`, `not_found`, `user_management_disabled`...). */
export function enforce(check: PermissionCheck): void {
  if (!check.ok) throw new AppError(check.reason);
}
