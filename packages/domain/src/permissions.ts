import { assertNever } from './assert.ts';
import type { ErrorCode } from './errors.ts';
import type { PrivilegeType } from './roles.ts';
import { ALLOWED, refused, type TransitionCheck } from './transition.ts';

/**
 * The roles table of the first document, section 6, as functions of (actor, target). The server calls them in
 * every service of the accounts area before it touches a row; the console calls the same functions to hide what
 * the server would refuse. The menu (menu.ts) answers "is the screen shown"; these answer "may this call run",
 * and a test keeps the two in agreement.
 *
 * Readings (copied to docs/decisions.md; the menu's readings in menu.ts hold here too):
 * - "Branded" is the product-branded user of section 1 (product domain and card payment, never master), as the
 *   console and menu compute it, so "branded and not paying by card" cannot occur. The functions still answer
 *   for every combination of flags; PERMISSION_MATRIX marks that combination unreachable.
 * - Account info and the account management menu describe the same screen (/account/conf): product-branded users
 *   other than super, plus normal users joined to the listing site (the menu's reading).
 * - Company update ("that user, if admin"): "that user" is the branded user of the row above, so a product-branded
 *   admin updates their own company. Company edit (/company/edit) is for super, and for master as the operator
 *   who fixes any tenant (the menu still shows the entry to super only).
 * - Card update, contract, invoice and plan change: an admin paying by card. Usage quota: anyone but master and
 *   super who pays by card. (Menu readings.)
 * - User list, add and edit: master always; super, or an admin who is not product-branded, or a branded admin not
 *   paying by card; all refused for non-masters when the domain's `is_user_add` is off (`user_management_disabled`).
 *   The same gate covers every user-management action (CSV add, enable/disable, delete, privilege change): all of
 *   them start from the user screens, so turning the screens off turns the actions off.
 * - Who sees whom (canSeeUser): master sees everyone; super sees every user of their domain; admin sees themself
 *   and their own normal users (parent = the admin) in their domain; normal sees only themself. Nobody but master
 *   sees a master. Every action on a user checks this first and refuses an invisible user with `not_found`, so a
 *   user of another tenant cannot even learn that an id exists.
 * - Edit: super edits themself, admins and normal users, not another super (master manages supers); an admin edits
 *   themself and their own normal users.
 * - Enable or disable: master or super; never oneself (`self_action_not_allowed`); never a master; a super only by
 *   master.
 * - Delete ("master, super, or admin under conditions not shown"): master deletes anyone but a master or a super;
 *   super deletes admins and normal users of their domain; an admin deletes their own normal users when they may
 *   manage users at all. Never oneself. A super is never deleted (`super_user_undeletable`, even by master). A user
 *   whose content is processing is refused with `user_delete_processing`, checked after the permission so a
 *   refused caller learns nothing about the target's contents.
 * - Privilege change (admin <-> normal, /privilege-type-change/{id}): master, or super within their domain; never
 *   oneself; only admin and normal users change (others: `privilege_change_not_allowed`). An admin may not: a
 *   promotion in their group would demote them, which is for the level above to decide.
 * - Add user: the new user's role must be below the actor's: master adds super, admin, normal; super adds admin and
 *   normal in their domain; an admin adds normal users under themself (see `canAddUser` with a draft).
 * - CSV user add: super only (not master), not product-branded, not paying by card, with `is_user_add` on.
 * - Add plan, add domain, edit domain: master.
 * - Transfer vehicle ("master, super, or admin when allowed; normal-user transfer is a domain option"): master,
 *   super and admin may transfer; a normal user only when normal-user transfer is on (the domain option, or the
 *   user's own image-system setting when the caller passes it). Which recipients are allowed is the service's
 *   check: the recipient must pass canSeeUser for the actor, and must not already own the vehicle.
 * - Mail history: needs the domain's `option_data`, for every role (the server gives master's own domain the
 *   option). Statistics submenu: master, or a user joined to the listing site.
 * - Refusals: `forbidden` when the role does not allow the action, `user_management_disabled` when only the
 *   domain option stops it, `not_found` for invisible users.
 */

export interface PermissionDomainOptions {
  is_user_add: boolean;
  normal_user_transfer: boolean;
  option_data: boolean;
}

export interface PermissionActor {
  id: string;
  privilegeType: PrivilegeType;
  domainId: string;
  companyId: string | null;
  /** For normal users: their parent admin. */
  groupAdminId?: string | null;
  isProductBranded: boolean;
  isPayByCredit: boolean;
  csJoined: boolean;
  domainOptions: PermissionDomainOptions;
}

export interface PermissionTarget {
  id: string;
  privilegeType: PrivilegeType;
  domainId: string;
  companyId: string | null;
  parentUserId: string | null;
}

/** A company an action is about: its id and its domain. */
export interface CompanyTarget {
  id: string;
  domainId: string;
}

export type PermissionCheck = TransitionCheck<ErrorCode>;

const FORBIDDEN = refused('forbidden' as const);
const NOT_FOUND = refused('not_found' as const);

const check = (allowed: boolean, reason: ErrorCode = 'forbidden'): PermissionCheck =>
  allowed ? ALLOWED : refused(reason);

/** Run checks in order; the first refusal wins. */
function all(...checks: (() => PermissionCheck)[]): PermissionCheck {
  for (const c of checks) {
    const r = c();
    if (!r.ok) return r;
  }
  return ALLOWED;
}

// ---- Tenant scope -------------------------------------------------------------------------------------------

/** Who sees whom. A refusal is always `not_found`, so existence is not revealed. */
export function canSeeUser(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  if (actor.privilegeType === 'master') return ALLOWED;
  if (target.privilegeType === 'master') return NOT_FOUND;
  if (target.id === actor.id) return ALLOWED;
  if (target.domainId !== actor.domainId) return NOT_FOUND;
  switch (actor.privilegeType) {
    case 'super':
      return ALLOWED;
    case 'admin':
      return check(target.privilegeType === 'normal' && target.parentUserId === actor.id, 'not_found');
    case 'normal':
      return NOT_FOUND;
    default:
      return assertNever(actor.privilegeType);
  }
}

// ---- Account, company, card ---------------------------------------------------------------------------------

/** /account/conf: product-branded users other than super, and normal users joined to the listing site. */
export function canViewAccountInfo(actor: PermissionActor): PermissionCheck {
  const role = actor.privilegeType;
  const branded = actor.isProductBranded && role !== 'super' && role !== 'master';
  return check(branded || (role === 'normal' && actor.csJoined));
}

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

/** /company/edit: super, within their domain; master for any company. */
export function canEditCompany(actor: PermissionActor, company?: CompanyTarget): PermissionCheck {
  if (actor.privilegeType === 'master') return ALLOWED;
  return all(
    () => check(actor.privilegeType === 'super'),
    () => check(!company || company.domainId === actor.domainId, 'not_found'),
  );
}

// ---- Users --------------------------------------------------------------------------------------------------

/** The roles table's "user list, add, edit" row, for the actor alone. */
function userManagement(actor: PermissionActor): PermissionCheck {
  switch (actor.privilegeType) {
    case 'master':
      return ALLOWED;
    case 'super':
      return check(actor.domainOptions.is_user_add, 'user_management_disabled');
    case 'admin':
      if (actor.isProductBranded && actor.isPayByCredit) return FORBIDDEN;
      return check(actor.domainOptions.is_user_add, 'user_management_disabled');
    case 'normal':
      return FORBIDDEN;
    default:
      return assertNever(actor.privilegeType);
  }
}

export function canListUsers(actor: PermissionActor): PermissionCheck {
  return userManagement(actor);
}

/** The roles an actor may give a new user (or an edited one), highest first. */
export function assignablePrivileges(actor: PermissionActor): readonly PrivilegeType[] {
  switch (actor.privilegeType) {
    case 'master':
      return ['super', 'admin', 'normal'];
    case 'super':
      return ['admin', 'normal'];
    case 'admin':
      return ['normal'];
    case 'normal':
      return [];
    default:
      return assertNever(actor.privilegeType);
  }
}

/** The user about to be created, when known: its role, domain and parent. */
export interface NewUserDraft {
  privilegeType: PrivilegeType;
  domainId: string;
  parentUserId: string | null;
}

/**
 * Add a user. Without a draft: may the actor open the add screen at all. With one: may they create that user
 * (role below theirs, in their domain; an admin only normal users under themself). Whether the parent exists and
 * is an admin of that domain is the service's check against the database.
 */
export function canAddUser(actor: PermissionActor, draft?: NewUserDraft): PermissionCheck {
  return all(
    () => userManagement(actor),
    () => {
      if (!draft) return ALLOWED;
      if (!assignablePrivileges(actor).includes(draft.privilegeType)) return FORBIDDEN;
      if (actor.privilegeType === 'master') return ALLOWED;
      if (draft.domainId !== actor.domainId) return FORBIDDEN;
      if (actor.privilegeType === 'admin') return check(draft.parentUserId === actor.id);
      return ALLOWED;
    },
  );
}

export function canEditUser(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => userManagement(actor),
    () => {
      if (target.id === actor.id || actor.privilegeType === 'master') return ALLOWED;
      // Visible and not oneself: for a super that is anyone of the domain, so leave other supers to master.
      return check(target.privilegeType !== 'super');
    },
  );
}

export function canImportUsersCsv(actor: PermissionActor): PermissionCheck {
  return all(
    () => check(actor.privilegeType === 'super' && !actor.isProductBranded && !actor.isPayByCredit),
    () => check(actor.domainOptions.is_user_add, 'user_management_disabled'),
  );
}

/** Enable or disable a user: master or super; never oneself; never a master; a super only by master. */
export function canToggleUser(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => check(actor.privilegeType === 'master' || actor.privilegeType === 'super'),
    () => userManagement(actor),
    () => check(target.id !== actor.id, 'self_action_not_allowed'),
    () => check(target.privilegeType !== 'master'),
    () => check(target.privilegeType !== 'super' || actor.privilegeType === 'master'),
  );
}

export function canDeleteUser(
  actor: PermissionActor,
  target: PermissionTarget,
  state: { hasProcessingContent: boolean },
): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => check(target.privilegeType !== 'super', 'super_user_undeletable'),
    () => check(target.id !== actor.id, 'self_action_not_allowed'),
    () => check(target.privilegeType !== 'master'),
    () => userManagement(actor),
    () => {
      switch (actor.privilegeType) {
        case 'master':
        case 'super':
          return ALLOWED;
        case 'admin':
          return check(target.privilegeType === 'normal' && target.parentUserId === actor.id);
        case 'normal':
          return FORBIDDEN;
        default:
          return assertNever(actor.privilegeType);
      }
    },
    () => check(!state.hasProcessingContent, 'user_delete_processing'),
  );
}

/** Change a user between admin and normal: master, or super in their domain; never oneself. */
export function canChangePrivilege(actor: PermissionActor, target: PermissionTarget): PermissionCheck {
  return all(
    () => canSeeUser(actor, target),
    () => check(actor.privilegeType === 'master' || actor.privilegeType === 'super'),
    () => userManagement(actor),
    () => check(target.id !== actor.id, 'self_action_not_allowed'),
    () => check(target.privilegeType === 'admin' || target.privilegeType === 'normal', 'privilege_change_not_allowed'),
  );
}

// ---- Operator, vehicles, menus ------------------------------------------------------------------------------

const masterOnly = (actor: PermissionActor): PermissionCheck => check(actor.privilegeType === 'master');

export function canAddPlan(actor: PermissionActor): PermissionCheck {
  return masterOnly(actor);
}

export function canAddDomain(actor: PermissionActor): PermissionCheck {
  return masterOnly(actor);
}

export function canEditDomain(actor: PermissionActor): PermissionCheck {
  return masterOnly(actor);
}

/**
 * Transfer a vehicle to another user: master, super and admin; a normal user only when normal-user transfer is
 * on. `normalUserTransferEnabled` is the effective setting for this user (the image-system user's flag when the
 * caller has it), defaulting to the domain option.
 */
export function canTransferVehicle(
  actor: PermissionActor,
  opts: { normalUserTransferEnabled: boolean } = {
    normalUserTransferEnabled: actor.domainOptions.normal_user_transfer,
  },
): PermissionCheck {
  if (actor.privilegeType !== 'normal') return ALLOWED;
  return check(opts.normalUserTransferEnabled);
}

export function canSeeMailHistory(actor: PermissionActor): PermissionCheck {
  return check(actor.domainOptions.option_data);
}

/** The statistics submenu (cs-chart-cl for listing-joined users; cs-chart, criteo and backups for master). */
export function canSeeStatisticsSubmenu(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType === 'master' || actor.csJoined);
}

// ---- The matrix ---------------------------------------------------------------------------------------------

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
 * - `company`: the actor's own company (for master: a tenant's company).
 */
export type MatrixTarget = 'none' | 'subordinate' | 'other_domain_normal' | 'company';

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
  | 'import_users_csv'
  | 'import_users_csv__is_user_add_off'
  | 'toggle_user'
  | 'toggle_user__is_user_add_off'
  | 'delete_user'
  | 'delete_user__other_domain'
  | 'change_privilege'
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
    'change_privilege',
    'Privilege change admin <-> normal: master or super',
    'subordinate',
    only('master', 'super', 'super_branded_card'),
  ),
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

// ---- Running the matrix (for tests on both sides) -----------------------------------------------------------

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

/** The target user of a row for an actor (see MatrixTarget); undefined when the row has no user target. */
export function matrixTargetUser(target: MatrixTarget): PermissionTarget | undefined {
  const I = MATRIX_IDS;
  switch (target) {
    case 'subordinate':
      // The admin actor has the id groupAdmin, so this user is theirs; for a normal actor it is a sibling.
      return {
        id: I.subordinate,
        privilegeType: 'normal',
        domainId: I.actorDomain,
        companyId: I.actorCompany,
        parentUserId: I.groupAdmin,
      };
    case 'other_domain_normal':
      return {
        id: I.otherDomainNormal,
        privilegeType: 'normal',
        domainId: I.otherDomain,
        companyId: I.otherCompany,
        parentUserId: I.otherDomainAdmin,
      };
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
