import type { PrivilegeType } from '../roles.ts';
import type { PermissionDomainOptions } from './core.ts';

/*
 * The permission test matrix: the roles table of section 6 written out by hand, capability x role variant. Only
 * tests use it (the domain's unit test and the server's API test), so it is exported through
 * `@spinyard/domain/testing`, never from the package's main entry: the console does not ship it.
 */

/**
 * The role variants of the permission matrix. `reachable: false` marks a combination the product cannot create
 * (a product-branded user pays by card by definition); the server's integration test skips those, the unit test
 * still checks the functions on them.
 */
export const PERMISSION_VARIANTS = [
  { id: 'master', privilegeType: 'master', isProductBranded: false, isPayByCredit: false, csJoined: false },
  { id: 'super', privilegeType: 'super', isProductBranded: false, isPayByCredit: false, csJoined: false },
  { id: 'super_branded_card', privilegeType: 'super', isProductBranded: true, isPayByCredit: true, csJoined: false },
  { id: 'admin_branded_card', privilegeType: 'admin', isProductBranded: true, isPayByCredit: true, csJoined: false },
  {
    id: 'admin_branded_no_card',
    privilegeType: 'admin',
    isProductBranded: true,
    isPayByCredit: false,
    csJoined: false,
    reachable: false,
  },
  { id: 'admin_card', privilegeType: 'admin', isProductBranded: false, isPayByCredit: true, csJoined: false },
  { id: 'admin_no_card', privilegeType: 'admin', isProductBranded: false, isPayByCredit: false, csJoined: false },
  { id: 'normal_branded_card', privilegeType: 'normal', isProductBranded: true, isPayByCredit: true, csJoined: false },
  {
    id: 'normal_branded_no_card',
    privilegeType: 'normal',
    isProductBranded: true,
    isPayByCredit: false,
    csJoined: false,
    reachable: false,
  },
  { id: 'normal_card', privilegeType: 'normal', isProductBranded: false, isPayByCredit: true, csJoined: false },
  { id: 'normal_no_card', privilegeType: 'normal', isProductBranded: false, isPayByCredit: false, csJoined: false },
  { id: 'normal_cs_joined', privilegeType: 'normal', isProductBranded: false, isPayByCredit: false, csJoined: true },
] as const satisfies readonly {
  id: string;
  privilegeType: PrivilegeType;
  isProductBranded: boolean;
  isPayByCredit: boolean;
  csJoined: boolean;
  reachable?: boolean;
}[];

export type PermissionVariant = (typeof PERMISSION_VARIANTS)[number];
export type PermissionVariantId = PermissionVariant['id'];

export function isVariantReachable(v: PermissionVariant): boolean {
  return !('reachable' in v) || v.reachable !== false;
}

/**
 * The user an action of the matrix is about:
 * - `none`: the action has no target user;
 * - `subordinate`: a normal user of the actor's domain, visible to the actor where any is: an admin's own normal
 *   user; for super and master a normal user under some admin of that domain; for a normal actor another normal
 *   user of the same admin (invisible to them);
 * - `other_domain_normal`: a normal user of another domain (tenant isolation);
 * - `domain_super`: a super user of the actor's domain other than the actor (invisible to admin and normal users);
 * - `company`: the actor's own company (for master: a tenant's company).
 */
export type MatrixTarget = 'none' | 'subordinate' | 'other_domain_normal' | 'domain_super' | 'company';

export type PermissionCapability =
  | 'view_account_info'
  | 'view_company_info'
  | 'update_company'
  | 'manage_card'
  | 'view_usage_quota'
  | 'change_plan'
  | 'list_users'
  | 'list_users__is_user_add_off'
  | 'add_user'
  | 'add_user__is_user_add_off'
  | 'edit_user'
  | 'edit_user__other_domain'
  | 'edit_user__super'
  | 'import_users_csv'
  | 'import_users_csv__is_user_add_off'
  | 'toggle_user'
  | 'toggle_user__is_user_add_off'
  | 'toggle_user__super'
  | 'toggle_user__other_domain'
  | 'delete_user'
  | 'delete_user__other_domain'
  | 'delete_user__super'
  | 'change_privilege'
  | 'change_privilege__super'
  | 'change_privilege__other_domain'
  | 'manage_superusers'
  | 'manage_groups'
  | 'manage_groups__is_user_add_off'
  | 'add_plan'
  | 'add_domain'
  | 'edit_domain'
  | 'edit_company'
  | 'transfer_vehicle'
  | 'transfer_vehicle__normal_transfer_off'
  | 'see_mail_history'
  | 'see_mail_history__option_data_off'
  | 'see_statistics_submenu';

export interface PermissionMatrixRow {
  capability: PermissionCapability;
  /** What the spec's roles table says, in words. */
  rule: string;
  /** The domain options the actor's domain has for this row. */
  domainOptions: PermissionDomainOptions;
  target: MatrixTarget;
  /** Whether each variant is allowed. */
  expected: Readonly<Record<PermissionVariantId, boolean>>;
}

/** Options of the actor's domain in the matrix unless a row says otherwise: every option on. */
export const MATRIX_DOMAIN_OPTIONS: Readonly<PermissionDomainOptions> = Object.freeze({
  is_user_add: true,
  normal_user_transfer: true,
  option_data: true,
});

const VARIANT_IDS = PERMISSION_VARIANTS.map((v) => v.id);

/** A row's expectations: the listed variants are allowed, every other one refused. */
function only(...allowed: PermissionVariantId[]): Record<PermissionVariantId, boolean> {
  return Object.fromEntries(VARIANT_IDS.map((id) => [id, allowed.includes(id)])) as Record<
    PermissionVariantId,
    boolean
  >;
}
const everyone = (): Record<PermissionVariantId, boolean> => only(...VARIANT_IDS);
const everyoneBut = (...refusedIds: PermissionVariantId[]) =>
  only(...VARIANT_IDS.filter((id) => !refusedIds.includes(id)));

const ALL_NORMALS: PermissionVariantId[] = [
  'normal_branded_card',
  'normal_branded_no_card',
  'normal_card',
  'normal_no_card',
  'normal_cs_joined',
];
/** Everyone who may manage users (list, add, edit) when is_user_add is on. */
const USER_MANAGERS: PermissionVariantId[] = [
  'master',
  'super',
  'super_branded_card',
  'admin_branded_no_card',
  'admin_card',
  'admin_no_card',
];

const row = (
  capability: PermissionCapability,
  rule: string,
  target: MatrixTarget,
  expected: Record<PermissionVariantId, boolean>,
  options: Partial<PermissionDomainOptions> = {},
): PermissionMatrixRow => ({
  capability,
  rule,
  target,
  expected,
  domainOptions: { ...MATRIX_DOMAIN_OPTIONS, ...options },
});

/**
 * Capability x role variant -> allowed, written by hand from the roles table (not computed from the functions),
 * so the unit test that compares them checks the functions against the spec. The server's permission-matrix
 * integration test iterates it against the API.
 */
export const PERMISSION_MATRIX: readonly PermissionMatrixRow[] = [
  row(
    'view_account_info',
    'Account info: branded-type user, except super; also normal listing-joined users (account management menu)',
    'none',
    only(
      'admin_branded_card',
      'admin_branded_no_card',
      'normal_branded_card',
      'normal_branded_no_card',
      'normal_cs_joined',
    ),
  ),
  row(
    'view_company_info',
    'Company info screen: super and admin',
    'none',
    only('super', 'super_branded_card', 'admin_branded_card', 'admin_branded_no_card', 'admin_card', 'admin_no_card'),
  ),
  row(
    'update_company',
    'Company update: that (branded) user, if admin',
    'company',
    only('admin_branded_card', 'admin_branded_no_card'),
  ),
  row(
    'manage_card',
    'Card update, contract, invoice: admin and pay-by-credit',
    'none',
    only('admin_branded_card', 'admin_card'),
  ),
  row(
    'view_usage_quota',
    'Usage quota: non-super, pay-by-credit',
    'none',
    only('admin_branded_card', 'admin_card', 'normal_branded_card', 'normal_card'),
  ),
  row('change_plan', 'Plan change: admin (paying by card)', 'none', only('admin_branded_card', 'admin_card')),
  row(
    'list_users',
    'User list: master always; else super, non-branded admin, or branded admin not paying by card',
    'none',
    only(...USER_MANAGERS),
  ),
  row(
    'list_users__is_user_add_off',
    'User list: all blocked if is_user_add is false (master still)',
    'none',
    only('master'),
    {
      is_user_add: false,
    },
  ),
  row('add_user', 'User add: as user list', 'none', only(...USER_MANAGERS)),
  row('add_user__is_user_add_off', 'User add: blocked if is_user_add is false', 'none', only('master'), {
    is_user_add: false,
  }),
  row('edit_user', 'User edit: as user list, on a user the actor sees', 'subordinate', only(...USER_MANAGERS)),
  row(
    'edit_user__other_domain',
    'User edit: a user of another domain is not found (master sees all)',
    'other_domain_normal',
    only('master'),
  ),
  row(
    'edit_user__super',
    'User edit: a super user is edited by master (a super does not edit another super)',
    'domain_super',
    only('master'),
  ),
  row('import_users_csv', 'CSV user add: super only, non-branded, not paying by card', 'none', only('super')),
  row('import_users_csv__is_user_add_off', 'CSV user add: blocked if is_user_add is false', 'none', only(), {
    is_user_add: false,
  }),
  row(
    'toggle_user',
    'Enable or disable user: master or super',
    'subordinate',
    only('master', 'super', 'super_branded_card'),
  ),
  row(
    'toggle_user__is_user_add_off',
    'Enable or disable user: blocked with the user screens',
    'subordinate',
    only('master'),
    {
      is_user_add: false,
    },
  ),
  row('toggle_user__super', 'Enable or disable a super user: master only', 'domain_super', only('master')),
  row(
    'toggle_user__other_domain',
    'Enable or disable user: a user of another domain is not found',
    'other_domain_normal',
    only('master'),
  ),
  row(
    'delete_user',
    'Delete user: master, super, or admin (own normal users); not while processing; never a super',
    'subordinate',
    only(...USER_MANAGERS),
  ),
  row(
    'delete_user__other_domain',
    'Delete user: a user of another domain is not found',
    'other_domain_normal',
    only('master'),
  ),
  row(
    'delete_user__super',
    'Delete user: a super user is never deleted, even by master, alone or in a bulk delete',
    'domain_super',
    only(),
  ),
  row(
    'change_privilege',
    'Privilege change admin <-> normal: master or super',
    'subordinate',
    only('master', 'super', 'super_branded_card'),
  ),
  row('change_privilege__super', 'Privilege change: a super user is never changed', 'domain_super', only()),
  row(
    'change_privilege__other_domain',
    'Privilege change: a user of another domain is not found',
    'other_domain_normal',
    only('master'),
  ),
  row('manage_superusers', 'Super users (list, register): master, who adds supers', 'none', only('master')),
  row(
    'manage_groups',
    'Groups (create, edit, members, delete): master or super, as the privilege change',
    'none',
    only('master', 'super', 'super_branded_card'),
  ),
  row('manage_groups__is_user_add_off', 'Groups: blocked with the user screens', 'none', only('master'), {
    is_user_add: false,
  }),
  row('add_plan', 'Add plan: master', 'none', only('master')),
  row('add_domain', 'Add domain: master', 'none', only('master')),
  row('edit_domain', 'Edit domain: master', 'none', only('master')),
  row(
    'edit_company',
    'Edit company: super (and master, the operator)',
    'company',
    only('master', 'super', 'super_branded_card'),
  ),
  row(
    'transfer_vehicle',
    'Transfer vehicle: master, super, admin; normal when normal-user transfer is on',
    'none',
    everyone(),
  ),
  row(
    'transfer_vehicle__normal_transfer_off',
    'Transfer vehicle: normal users refused when normal-user transfer is off',
    'none',
    everyoneBut(...ALL_NORMALS),
    { normal_user_transfer: false },
  ),
  row('see_mail_history', 'Mail history: needs option_data', 'none', everyone()),
  row('see_mail_history__option_data_off', 'Mail history: refused without option_data', 'none', only(), {
    option_data: false,
  }),
  row(
    'see_statistics_submenu',
    'Statistics submenu: master; cs-chart-cl also for listing-joined users',
    'none',
    only('master', 'normal_cs_joined'),
  ),
];
