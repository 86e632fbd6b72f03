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
import { canSeeMailHistory, canSeeStatisticsSubmenu } from './statistics.ts';
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

/** The check a matrix row stands for, run for one actor. The server test may use it to learn the refusal reason. */
export function checkCapability(capability: PermissionCapability, actor: PermissionActor): PermissionCheck {
  const base = capability.split('__')[0] as string;
  const rowTarget = PERMISSION_MATRIX.find((r) => r.capability === capability)?.target ?? 'none';
  const user = matrixTargetUser(rowTarget);
  const company: CompanyTarget =
    actor.privilegeType === 'master'
      ? { id: MATRIX_IDS.otherCompany, domainId: MATRIX_IDS.otherDomain }
      : { id: actor.companyId ?? '', domainId: actor.domainId };
  const needUser = (): PermissionTarget => {
    if (!user) throw new Error(`matrix row ${capability} has no target user`);
    return user;
  };
  switch (base) {
    case 'view_account_info':
      return canViewAccountInfo(actor);
    case 'view_company_info':
      return canViewCompanyInfo(actor);
    case 'update_company':
      return canUpdateCompany(actor, company);
    case 'manage_card':
      return canManageCard(actor);
    case 'view_usage_quota':
      return canViewUsageQuota(actor);
    case 'change_plan':
      return canChangePlan(actor);
    case 'list_users':
      return canListUsers(actor);
    case 'add_user':
      return canAddUser(actor);
    case 'edit_user':
      return canEditUser(actor, needUser());
    case 'import_users_csv':
      return canImportUsersCsv(actor);
    case 'toggle_user':
      return canToggleUser(actor, needUser());
    case 'delete_user':
      return canDeleteUser(actor, needUser(), { hasProcessingContent: false });
    case 'change_privilege':
      return canChangePrivilege(actor, needUser());
    case 'manage_superusers':
      return canManageSuperusers(actor);
    case 'manage_groups':
      return canManageGroups(actor);
    case 'add_plan':
      return canAddPlan(actor);
    case 'add_domain':
      return canAddDomain(actor);
    case 'edit_domain':
      return canEditDomain(actor);
    case 'edit_company':
      return canEditCompany(actor, company);
    case 'transfer_vehicle':
      return canTransferVehicle(actor);
    case 'see_mail_history':
      return canSeeMailHistory(actor);
    case 'see_statistics_submenu':
      return canSeeStatisticsSubmenu(actor);
    default:
      throw new Error(`unknown capability ${capability}`);
  }
}
