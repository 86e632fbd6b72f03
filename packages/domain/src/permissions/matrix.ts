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
  variant('master', 'master'),
  variant('super', 'super'),
  variant('super_branded_card', 'super', { branded: true, card: true }),
  variant('admin_branded_card', 'admin', { branded: true, card: true }),
  variant('admin_branded_no_card', 'admin', { branded: true, reachable: false }),
  variant('admin_card', 'admin', { card: true }),
  variant('admin_no_card', 'admin'),
  variant('normal_branded_card', 'normal', { branded: true, card: true }),
  variant('normal_branded_no_card', 'normal', { branded: true, reachable: false }),
  variant('normal_card', 'normal', { card: true }),
  variant('normal_no_card', 'normal'),
  variant('normal_cs_joined', 'normal', { csJoined: true }),
] as const;

/** One role variant; every flag is off and the variant reachable unless said. */
function variant<const Id extends string, const P extends PrivilegeType>(
  id: Id,
  privilegeType: P,
  flags: { branded?: boolean; card?: boolean; csJoined?: boolean; reachable?: boolean } = {},
) {
  return {
    id,
    privilegeType,
    isProductBranded: flags.branded ?? false,
    isPayByCredit: flags.card ?? false,
    csJoined: flags.csJoined ?? false,
    reachable: flags.reachable ?? true,
  };
}

export type PermissionVariant = (typeof PERMISSION_VARIANTS)[number];
export type PermissionVariantId = PermissionVariant['id'];

export function isVariantReachable(v: PermissionVariant): boolean {
  return v.reachable;
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
  | 'see_statistics_submenu'
  | 'see_master_statistics';

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

const VARIANT_IDS: readonly PermissionVariantId[] = PERMISSION_VARIANTS.map((v) => v.id);

// The groups of variants the roles table names, so each row of the table below fits on one line.
const MASTER: PermissionVariantId[] = ['master'];
const NOBODY: PermissionVariantId[] = [];
const MASTER_AND_SUPERS: PermissionVariantId[] = ['master', 'super', 'super_branded_card'];
const BRANDED_ADMINS: PermissionVariantId[] = ['admin_branded_card', 'admin_branded_no_card'];
const CARD_ADMINS: PermissionVariantId[] = ['admin_branded_card', 'admin_card'];
const ALL_NORMALS = VARIANT_IDS.filter((id) => id.startsWith('normal_'));
const BRANDED_NORMALS: PermissionVariantId[] = ['normal_branded_card', 'normal_branded_no_card'];
/** Branded-type users other than super, and listing-joined normal users: the account management menu. */
const ACCOUNT_HOLDERS: PermissionVariantId[] = [...BRANDED_ADMINS, ...BRANDED_NORMALS, 'normal_cs_joined'];
const SUPERS_AND_ADMINS = VARIANT_IDS.filter((id) => id !== 'master' && !ALL_NORMALS.includes(id));
/** Non-super users paying by card. */
const CARD_PAYERS: PermissionVariantId[] = [...CARD_ADMINS, 'normal_branded_card', 'normal_card'];
/** Who may manage users (list, add, edit) when is_user_add is on: all but normal users and branded admins paying by card. */
const USER_MANAGERS = VARIANT_IDS.filter((id) => !ALL_NORMALS.includes(id) && id !== 'admin_branded_card');
const ALL_BUT_NORMALS = VARIANT_IDS.filter((id) => !ALL_NORMALS.includes(id));

const USER_ADD_OFF = { is_user_add: false };

/** One row of the roles table: who it is about, the variants allowed (every other one refused), the domain options. */
type MatrixEntry = readonly [
  target: MatrixTarget,
  allowed: readonly PermissionVariantId[],
  options?: Partial<PermissionDomainOptions>,
];

/**
 * Capability x role variant -> allowed, written by hand from the roles table (not computed from the functions),
 * so the unit test that compares them checks the functions against the spec. Keyed by capability so each appears
 * exactly once; MATRIX_RULES says each row in words.
 */
const MATRIX_TABLE: Readonly<Record<PermissionCapability, MatrixEntry>> = {
  view_account_info: ['none', ACCOUNT_HOLDERS],
  view_company_info: ['none', SUPERS_AND_ADMINS],
  update_company: ['company', BRANDED_ADMINS],
  manage_card: ['none', CARD_ADMINS],
  view_usage_quota: ['none', CARD_PAYERS],
  change_plan: ['none', CARD_ADMINS],
  list_users: ['none', USER_MANAGERS],
  list_users__is_user_add_off: ['none', MASTER, USER_ADD_OFF],
  add_user: ['none', USER_MANAGERS],
  add_user__is_user_add_off: ['none', MASTER, USER_ADD_OFF],
  edit_user: ['subordinate', USER_MANAGERS],
  edit_user__other_domain: ['other_domain_normal', MASTER],
  edit_user__super: ['domain_super', MASTER],
  import_users_csv: ['none', ['super']],
  import_users_csv__is_user_add_off: ['none', NOBODY, USER_ADD_OFF],
  toggle_user: ['subordinate', MASTER_AND_SUPERS],
  toggle_user__is_user_add_off: ['subordinate', MASTER, USER_ADD_OFF],
  toggle_user__super: ['domain_super', MASTER],
  toggle_user__other_domain: ['other_domain_normal', MASTER],
  delete_user: ['subordinate', USER_MANAGERS],
  delete_user__other_domain: ['other_domain_normal', MASTER],
  delete_user__super: ['domain_super', NOBODY],
  change_privilege: ['subordinate', MASTER_AND_SUPERS],
  change_privilege__super: ['domain_super', NOBODY],
  change_privilege__other_domain: ['other_domain_normal', MASTER],
  manage_superusers: ['none', MASTER],
  manage_groups: ['none', MASTER_AND_SUPERS],
  manage_groups__is_user_add_off: ['none', MASTER, USER_ADD_OFF],
  add_plan: ['none', MASTER],
  add_domain: ['none', MASTER],
  edit_domain: ['none', MASTER],
  edit_company: ['company', MASTER_AND_SUPERS],
  transfer_vehicle: ['none', VARIANT_IDS],
  transfer_vehicle__normal_transfer_off: ['none', ALL_BUT_NORMALS, { normal_user_transfer: false }],
  see_mail_history: ['none', VARIANT_IDS],
  see_mail_history__option_data_off: ['none', NOBODY, { option_data: false }],
  see_statistics_submenu: ['none', ['master', 'normal_cs_joined']],
  see_master_statistics: ['none', MASTER],
};

/** What the spec's roles table says for each row of MATRIX_TABLE, in words. */
const MATRIX_RULES: Readonly<Record<PermissionCapability, string>> = {
  view_account_info:
    'Account info: branded-type user, except super; also normal listing-joined users (account management menu)',
  view_company_info: 'Company info screen: super and admin',
  update_company: 'Company update: that (branded) user, if admin',
  manage_card: 'Card update, contract, invoice: admin and pay-by-credit',
  view_usage_quota: 'Usage quota: non-super, pay-by-credit',
  change_plan: 'Plan change: admin (paying by card)',
  list_users: 'User list: master always; else super, non-branded admin, or branded admin not paying by card',
  list_users__is_user_add_off: 'User list: all blocked if is_user_add is false (master still)',
  add_user: 'User add: as user list',
  add_user__is_user_add_off: 'User add: blocked if is_user_add is false',
  edit_user: 'User edit: as user list, on a user the actor sees',
  edit_user__other_domain: 'User edit: a user of another domain is not found (master sees all)',
  edit_user__super: 'User edit: a super user is edited by master (a super does not edit another super)',
  import_users_csv: 'CSV user add: super only, non-branded, not paying by card',
  import_users_csv__is_user_add_off: 'CSV user add: blocked if is_user_add is false',
  toggle_user: 'Enable or disable user: master or super',
  toggle_user__is_user_add_off: 'Enable or disable user: blocked with the user screens',
  toggle_user__super: 'Enable or disable a super user: master only',
  toggle_user__other_domain: 'Enable or disable user: a user of another domain is not found',
  delete_user: 'Delete user: master, super, or admin (own normal users); not while processing; never a super',
  delete_user__other_domain: 'Delete user: a user of another domain is not found',
  delete_user__super: 'Delete user: a super user is never deleted, even by master, alone or in a bulk delete',
  change_privilege: 'Privilege change admin <-> normal: master or super',
  change_privilege__super: 'Privilege change: a super user is never changed',
  change_privilege__other_domain: 'Privilege change: a user of another domain is not found',
  manage_superusers: 'Super users (list, register): master, who adds supers',
  manage_groups: 'Groups (create, edit, members, delete): master or super, as the privilege change',
  manage_groups__is_user_add_off: 'Groups: blocked with the user screens',
  add_plan: 'Add plan: master',
  add_domain: 'Add domain: master',
  edit_domain: 'Edit domain: master',
  edit_company: 'Edit company: super (and master, the operator)',
  transfer_vehicle: 'Transfer vehicle: master, super, admin; normal when normal-user transfer is on',
  transfer_vehicle__normal_transfer_off: 'Transfer vehicle: normal users refused when normal-user transfer is off',
  see_mail_history: 'Mail history: needs option_data',
  see_mail_history__option_data_off: 'Mail history: refused without option_data',
  see_statistics_submenu: 'Statistics submenu: master; cs-chart-cl also for listing-joined users',
  see_master_statistics: 'Statistics submenu cs-chart, criteo chart, exterior backups: master',
};

/** The roles table as rows; the server's permission-matrix integration test iterates it against the API. */
export const PERMISSION_MATRIX: readonly PermissionMatrixRow[] = (
  Object.entries(MATRIX_TABLE) as [PermissionCapability, MatrixEntry][]
).map(([capability, [target, allowed, options]]) => ({
  capability,
  rule: MATRIX_RULES[capability],
  target,
  expected: Object.fromEntries(VARIANT_IDS.map((id) => [id, allowed.includes(id)])) as Record<
    PermissionVariantId,
    boolean
  >,
  domainOptions: { ...MATRIX_DOMAIN_OPTIONS, ...options },
}));
