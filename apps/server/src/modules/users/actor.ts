import {
  type DomainOptions,
  isProductBrandedUser,
  type PermissionActor,
  type PermissionCheck,
  type PermissionTarget,
  readDomainOptions,
} from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import type { UserRecord, UserScope, UsersRepo } from './repo.ts';
import { effectiveImageSystem, type ImageSystem } from './settings-schemas.ts';

/**
 * The caller as the rules of this area need them: the permission actor of packages/domain, the SQL scope that
 * matches canSeeUser, and their domain's options. Built once per request from the database, so a change of role,
 * card payment or domain option applies at the caller's next request.
 */
export interface ActorContext {
  actor: Actor;
  permission: PermissionActor;
  scope: UserScope;
  domainOptions: DomainOptions;
  imageSystem: ImageSystem;
  hostFlags: readonly string[];
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

/**
 * The SQL side of canSeeUser (packages/domain/permissions.ts): master sees everyone; super every non-master user
 * of their domain; admin themself and the normal users under them; normal only themself. The services still run
 * the permission functions on every row they load, so the two are checked against each other in every request.
 */
export function scopeOf(p: PermissionActor): UserScope {
  switch (p.privilegeType) {
    case 'master':
      return { kind: 'all' };
    case 'super':
      return { kind: 'domain', domainId: p.domainId, selfId: p.id };
    case 'admin':
      return { kind: 'team', domainId: p.domainId, adminId: p.id };
    case 'normal':
      return { kind: 'self', userId: p.id };
  }
}

export async function loadActorContext(repo: UsersRepo, actor: Actor): Promise<ActorContext> {
  const row = await repo.actorRow(actor.userId);
  if (!row) throw new AppError('not_authenticated');
  const isMaster = row.privilege_type === 'master';
  const stored = readDomainOptions(row.domain_options);
  const domainOptions = isMaster ? { ...stored, ...MASTER_OPTION_OVERRIDES } : stored;
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
  return {
    actor,
    permission,
    scope: scopeOf(permission),
    domainOptions,
    imageSystem,
    hostFlags: row.domain_host_flags,
  };
}

export function targetOf(
  user: Pick<UserRecord, 'id' | 'privilege_type' | 'domain_id' | 'company_id' | 'parent_user_id'>,
): PermissionTarget {
  return {
    id: user.id,
    privilegeType: user.privilege_type,
    domainId: user.domain_id,
    companyId: user.company_id,
    parentUserId: user.parent_user_id,
  };
}

/** A refused check becomes the catalogue error it names. */
export function enforce(check: PermissionCheck): void {
  if (!check.ok) throw new AppError(check.reason);
}
