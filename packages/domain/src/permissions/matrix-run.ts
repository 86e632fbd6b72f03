import { assertNever } from '../assert.ts';
import { canChangePlan, canManageCard, canViewAccountInfo, canViewUsageQuota } from './account.ts';
import { canEditCompany, canUpdateCompany, canViewCompanyInfo } from './company.ts';
import type {
  CompanyTarget,
  PermissionActor,
  PermissionCheck,
  PermissionDomainOptions,
  PermissionTarget,
} from './core.ts';
import { canAddDomain, canAddPlan, canEditDomain } from './domains.ts';
import { type MatrixTarget, PERMISSION_MATRIX, type PermissionCapability, type PermissionVariant } from './matrix.ts';
import { canSeeMailHistory, canSeeMasterStatistics, canSeeStatisticsSubmenu } from './statistics.ts';
import {
  canAddUser,
  canChangePrivilege,
  canDeleteUser,
  canEditUser,
  canImportUsersCsv,
  canListUsers,
  canManageGroups,
  canManageSuperusers,
  canToggleUser,
} from './users.ts';
import { canTransferVehicle } from './vehicles.ts';

/* Running the matrix against the functions (for tests on both sides). */

/** Ids the matrix uses for its actors and targets: the actor's domain and company, and another tenant. */
export const MATRIX_IDS = {
  actor: 'actor',
  actorDomain: 'domain-a',
  actorCompany: 'company-a',
  groupAdmin: 'admin-a',
  subordinate: 'normal-a',
  otherDomain: 'domain-b',
  otherCompany: 'company-b',
  otherDomainNormal: 'normal-b',
  otherDomainAdmin: 'admin-b',
  domainSuper: 'super-a',
} as const;

/** The actor of a variant, in a domain with the given options. */
export function matrixActor(variant: PermissionVariant, domainOptions: PermissionDomainOptions): PermissionActor {
  const I = MATRIX_IDS;
  return {
    id: variant.privilegeType === 'admin' ? I.groupAdmin : I.actor,
    privilegeType: variant.privilegeType,
    domainId: I.actorDomain,
    companyId: variant.privilegeType === 'master' ? null : I.actorCompany,
    groupAdminId: variant.privilegeType === 'normal' ? I.groupAdmin : null,
    isProductBranded: variant.isProductBranded,
    isPayByCredit: variant.isPayByCredit,
    csJoined: variant.csJoined,
    domainOptions,
  };
}

/** A user of the actor's domain (`own`) or of the other domain, as a target. */
function targetUser(
  id: string,
  privilegeType: PermissionTarget['privilegeType'],
  own: boolean,
  parentUserId: string | null,
): PermissionTarget {
  const I = MATRIX_IDS;
  return {
    id,
    privilegeType,
    domainId: own ? I.actorDomain : I.otherDomain,
    companyId: own ? I.actorCompany : I.otherCompany,
    parentUserId,
  };
}

/** The target user of a row for an actor (see MatrixTarget); undefined when the row has no user target. */
export function matrixTargetUser(target: MatrixTarget): PermissionTarget | undefined {
  const I = MATRIX_IDS;
  switch (target) {
    case 'subordinate':
      // The admin actor has the id groupAdmin, so this user is theirs; for a normal actor it is a sibling.
      return targetUser(I.subordinate, 'normal', true, I.groupAdmin);
    case 'other_domain_normal':
      return targetUser(I.otherDomainNormal, 'normal', false, I.otherDomainAdmin);
    case 'domain_super':
      return targetUser(I.domainSuper, 'super', true, null);
    case 'none':
    case 'company':
      return undefined;
    default:
      return assertNever(target);
  }
}

/** The checks of the rows that ask about the actor alone, by the row's capability (its part before `__`). */
const ACTOR_CHECKS: Readonly<Record<string, (actor: PermissionActor) => PermissionCheck>> = {
  view_account_info: canViewAccountInfo,
  view_company_info: canViewCompanyInfo,
  manage_card: canManageCard,
  view_usage_quota: canViewUsageQuota,
  change_plan: canChangePlan,
  list_users: canListUsers,
  add_user: canAddUser,
  import_users_csv: canImportUsersCsv,
  manage_superusers: canManageSuperusers,
  manage_groups: canManageGroups,
  add_plan: canAddPlan,
  add_domain: canAddDomain,
  edit_domain: canEditDomain,
  transfer_vehicle: canTransferVehicle,
  see_mail_history: canSeeMailHistory,
  see_statistics_submenu: canSeeStatisticsSubmenu,
  see_master_statistics: canSeeMasterStatistics,
};

/** The checks of the rows about a user (the row's target user). */
const USER_CHECKS: Readonly<Record<string, (actor: PermissionActor, user: PermissionTarget) => PermissionCheck>> = {
  edit_user: canEditUser,
  toggle_user: canToggleUser,
  delete_user: (actor, user) => canDeleteUser(actor, user, { hasProcessingContent: false }),
  change_privilege: canChangePrivilege,
};

/** The checks of the rows about a company (the actor's own; another tenant's for master). */
const COMPANY_CHECKS: Readonly<Record<string, (actor: PermissionActor, company: CompanyTarget) => PermissionCheck>> = {
  update_company: canUpdateCompany,
  edit_company: canEditCompany,
};

/** The check a matrix row stands for, run for one actor. The server test may use it to learn the refusal reason. */
export function checkCapability(capability: PermissionCapability, actor: PermissionActor): PermissionCheck {
  const base = capability.split('__')[0] as string;
  const onActor = ACTOR_CHECKS[base];
  if (onActor) return onActor(actor);
  const onUser = USER_CHECKS[base];
  if (onUser) {
    const user = matrixTargetUser(PERMISSION_MATRIX.find((r) => r.capability === capability)?.target ?? 'none');
    if (!user) throw new Error(`matrix row ${capability} has no target user`);
    return onUser(actor, user);
  }
  const onCompany = COMPANY_CHECKS[base];
  if (onCompany) {
    const company: CompanyTarget =
      actor.privilegeType === 'master'
        ? { id: MATRIX_IDS.otherCompany, domainId: MATRIX_IDS.otherDomain }
        : { id: actor.companyId ?? '', domainId: actor.domainId };
    return onCompany(actor, company);
  }
  throw new Error(`unknown capability ${capability}`);
}
