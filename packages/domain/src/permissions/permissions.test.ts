import { describe, expect, it } from 'vitest';
import { PRIVILEGE_TYPES, type PrivilegeType } from '../roles.ts';
import { actor, no } from './actor.fixture.ts';
import {
  assignablePrivileges,
  canAddDomain,
  canAddPlan,
  canAddUser,
  canChangePlan,
  canChangePrivilege,
  canDeleteUser,
  canEditCompany,
  canEditDomain,
  canEditUser,
  canImportUsersCsv,
  canListUsers,
  canManageCard,
  canSeeMailHistory,
  canSeeStatisticsSubmenu,
  canSeeUser,
  canToggleUser,
  canTransferVehicle,
  canUpdateCompany,
  canViewAccountInfo,
  canViewCompanyInfo,
  canViewUsageQuota,
  type PermissionActor,
  type PermissionCheck,
  type PermissionTarget,
} from './index.ts';

const OK: PermissionCheck = { ok: true };

function user(over: Partial<PermissionTarget> = {}): PermissionTarget {
  return { id: 'u1', privilegeType: 'normal', domainId: 'd1', companyId: 'c1', parentUserId: 'admin1', ...over };
}

const master = actor({ id: 'm', privilegeType: 'master', domainId: 'product', companyId: null });
const superA = actor({ id: 's1', privilegeType: 'super' });
const adminA = actor({ id: 'admin1', privilegeType: 'admin' });
const normalA = actor({ id: 'n1', privilegeType: 'normal', groupAdminId: 'admin1' });

describe('canSeeUser: the tenant scope', () => {
  it.each<[string, PermissionActor, PermissionTarget, PermissionCheck]>([
    ['master sees a user of any domain', master, user({ domainId: 'd9' }), OK],
    ['master sees another master', master, user({ id: 'm2', privilegeType: 'master', domainId: 'product' }), OK],
    ['super sees a normal user of the domain', superA, user(), OK],
    ['super sees an admin of the domain', superA, user({ id: 'a2', privilegeType: 'admin', parentUserId: null }), OK],
    ['super sees another super of the domain', superA, user({ id: 's2', privilegeType: 'super' }), OK],
    ['super sees themself', superA, user({ id: 's1', privilegeType: 'super' }), OK],
    ['super does not see another domain', superA, user({ domainId: 'd2' }), no('not_found')],
    [
      'super does not see a master',
      superA,
      user({ id: 'm', privilegeType: 'master', domainId: 'd1' }),
      no('not_found'),
    ],
    ['admin sees their own normal user', adminA, user(), OK],
    ['admin sees themself', adminA, user({ id: 'admin1', privilegeType: 'admin', parentUserId: null }), OK],
    ['admin does not see another group', adminA, user({ parentUserId: 'admin2' }), no('not_found')],
    ['admin does not see another admin', adminA, user({ id: 'a2', privilegeType: 'admin' }), no('not_found')],
    ['admin does not see their super', adminA, user({ id: 's1', privilegeType: 'super' }), no('not_found')],
    [
      'admin does not see a same-id parent in another domain',
      adminA,
      user({ domainId: 'd2', parentUserId: 'admin1' }),
      no('not_found'),
    ],
    ['normal sees themself', normalA, user({ id: 'n1' }), OK],
    ['normal does not see a sibling', normalA, user({ id: 'n2' }), no('not_found')],
    ['normal does not see their admin', normalA, user({ id: 'admin1', privilegeType: 'admin' }), no('not_found')],
  ])('%s', (_name, a, t, expected) => {
    expect(canSeeUser(a, t)).toEqual(expected);
  });
});

describe('user management actions', () => {
  const offUsers = { is_user_add: false, normal_user_transfer: false, option_data: false };
  it.each<[string, PermissionCheck, PermissionCheck]>([
    ['master lists users even with is_user_add off', canListUsers({ ...master, domainOptions: offUsers }), OK],
    ['super lists users', canListUsers(superA), OK],
    [
      'super is stopped by is_user_add off',
      canListUsers({ ...superA, domainOptions: offUsers }),
      no('user_management_disabled'),
    ],
    ['non-branded admin lists users', canListUsers(adminA), OK],
    [
      'branded admin paying by card may not',
      canListUsers({ ...adminA, isProductBranded: true, isPayByCredit: true }),
      no('forbidden'),
    ],
    ['normal may not', canListUsers(normalA), no('forbidden')],
    ['edit: another domain is not found', canEditUser(superA, user({ domainId: 'd2' })), no('not_found')],
    ['edit: normal on themself is forbidden, not hidden', canEditUser(normalA, user({ id: 'n1' })), no('forbidden')],
    ['edit: admin edits own normal user', canEditUser(adminA, user()), OK],
    ['edit: admin edits themself', canEditUser(adminA, user({ id: 'admin1', privilegeType: 'admin' })), OK],
    [
      'edit: super may not edit another super',
      canEditUser(superA, user({ id: 's2', privilegeType: 'super' })),
      no('forbidden'),
    ],
    ['edit: master edits a super', canEditUser(master, user({ id: 's2', privilegeType: 'super' })), OK],
    [
      'edit: is_user_add off',
      canEditUser({ ...superA, domainOptions: offUsers }, user()),
      no('user_management_disabled'),
    ],
    ['toggle: super toggles a normal user', canToggleUser(superA, user()), OK],
    ['toggle: super toggles an admin', canToggleUser(superA, user({ privilegeType: 'admin' })), OK],
    [
      'toggle: never oneself',
      canToggleUser(superA, user({ id: 's1', privilegeType: 'super' })),
      no('self_action_not_allowed'),
    ],
    [
      'toggle: master never toggles themself',
      canToggleUser(master, user({ id: 'm', privilegeType: 'master' })),
      no('self_action_not_allowed'),
    ],
    ['toggle: never a master', canToggleUser(master, user({ id: 'm2', privilegeType: 'master' })), no('forbidden')],
    [
      'toggle: a super only by master',
      canToggleUser(superA, user({ id: 's2', privilegeType: 'super' })),
      no('forbidden'),
    ],
    ['toggle: master toggles a super', canToggleUser(master, user({ id: 's2', privilegeType: 'super' })), OK],
    ['toggle: admin may not', canToggleUser(adminA, user()), no('forbidden')],
    ['toggle: another domain is not found', canToggleUser(superA, user({ domainId: 'd2' })), no('not_found')],
    ['csv: super, not branded, no card', canImportUsersCsv(superA), OK],
    ['csv: super paying by card', canImportUsersCsv({ ...superA, isPayByCredit: true }), no('forbidden')],
    ['csv: master may not', canImportUsersCsv(master), no('forbidden')],
    ['csv: admin may not', canImportUsersCsv(adminA), no('forbidden')],
    ['csv: is_user_add off', canImportUsersCsv({ ...superA, domainOptions: offUsers }), no('user_management_disabled')],
  ])('%s', (_name, got, expected) => {
    expect(got).toEqual(expected);
  });
});

describe('canDeleteUser', () => {
  const idle = { hasProcessingContent: false };
  const busy = { hasProcessingContent: true };
  it.each<[string, PermissionActor, PermissionTarget, boolean, PermissionCheck]>([
    ['master deletes a normal user', master, user(), false, OK],
    ['master deletes an admin', master, user({ privilegeType: 'admin' }), false, OK],
    ['super deletes a normal user', superA, user(), false, OK],
    ['super deletes an admin', superA, user({ id: 'a2', privilegeType: 'admin' }), false, OK],
    ['admin deletes their own normal user', adminA, user(), false, OK],
    ['admin: another group is not found', adminA, user({ parentUserId: 'admin2' }), false, no('not_found')],
    [
      'admin may not delete themself',
      adminA,
      user({ id: 'admin1', privilegeType: 'admin' }),
      false,
      no('self_action_not_allowed'),
    ],
    ['normal may not delete themself', normalA, user({ id: 'n1' }), false, no('self_action_not_allowed')],
    [
      'a super is never deleted, even by master',
      master,
      user({ id: 's2', privilegeType: 'super' }),
      false,
      no('super_user_undeletable'),
    ],
    [
      'a super is never deleted by a super',
      superA,
      user({ id: 's2', privilegeType: 'super' }),
      false,
      no('super_user_undeletable'),
    ],
    ['a master is not deleted', master, user({ id: 'm2', privilegeType: 'master' }), false, no('forbidden')],
    ['blocked while content is processing', superA, user(), true, no('user_delete_processing')],
    ['processing is not revealed to a refused actor', normalA, user({ id: 'n2' }), true, no('not_found')],
    ['another domain is not found', superA, user({ domainId: 'd2' }), false, no('not_found')],
    [
      'branded admin paying by card may not delete',
      { ...adminA, isProductBranded: true, isPayByCredit: true },
      user(),
      false,
      no('forbidden'),
    ],
  ])('%s', (_name, a, t, processing, expected) => {
    expect(canDeleteUser(a, t, processing ? busy : idle)).toEqual(expected);
  });
});

describe('canChangePrivilege', () => {
  it.each<[string, PermissionActor, PermissionTarget, PermissionCheck]>([
    ['super promotes a normal user', superA, user(), OK],
    ['super demotes an admin', superA, user({ id: 'a2', privilegeType: 'admin' }), OK],
    ['master changes any domain', master, user({ domainId: 'd7' }), OK],
    ['admin may not', adminA, user(), no('forbidden')],
    ['never oneself', master, user({ id: 'm', privilegeType: 'master' }), no('self_action_not_allowed')],
    [
      'a super cannot be changed',
      master,
      user({ id: 's2', privilegeType: 'super' }),
      no('privilege_change_not_allowed'),
    ],
    ['another domain is not found', superA, user({ domainId: 'd2' }), no('not_found')],
  ])('%s', (_name, a, t, expected) => {
    expect(canChangePrivilege(a, t)).toEqual(expected);
  });
});

describe('canAddUser with a draft', () => {
  it.each<
    [
      string,
      PermissionActor,
      { privilegeType: PrivilegeType; domainId: string; parentUserId: string | null },
      PermissionCheck,
    ]
  >([
    ['master adds a super to any domain', master, { privilegeType: 'super', domainId: 'd5', parentUserId: null }, OK],
    [
      'master does not add a master',
      master,
      { privilegeType: 'master', domainId: 'product', parentUserId: null },
      no('forbidden'),
    ],
    ['super adds an admin', superA, { privilegeType: 'admin', domainId: 'd1', parentUserId: null }, OK],
    [
      'super does not add a super',
      superA,
      { privilegeType: 'super', domainId: 'd1', parentUserId: null },
      no('forbidden'),
    ],
    [
      'super does not add into another domain',
      superA,
      { privilegeType: 'admin', domainId: 'd2', parentUserId: null },
      no('forbidden'),
    ],
    [
      'admin adds a normal user under themself',
      adminA,
      { privilegeType: 'normal', domainId: 'd1', parentUserId: 'admin1' },
      OK,
    ],
    [
      'admin does not add under another admin',
      adminA,
      { privilegeType: 'normal', domainId: 'd1', parentUserId: 'admin2' },
      no('forbidden'),
    ],
    [
      'admin does not add an admin',
      adminA,
      { privilegeType: 'admin', domainId: 'd1', parentUserId: null },
      no('forbidden'),
    ],
    ['normal adds nobody', normalA, { privilegeType: 'normal', domainId: 'd1', parentUserId: 'n1' }, no('forbidden')],
  ])('%s', (_name, a, draft, expected) => {
    expect(canAddUser(a, draft)).toEqual(expected);
  });

  it('assignable roles are strictly below the actor', () => {
    const rank: Record<PrivilegeType, number> = { master: 0, super: 1, admin: 2, normal: 3 };
    for (const p of PRIVILEGE_TYPES) {
      const roles = assignablePrivileges(actor({ privilegeType: p }));
      for (const r of roles) expect(rank[r]).toBeGreaterThan(rank[p]);
    }
  });
});

describe('company, card, operator and menu capabilities', () => {
  const brandedAdmin = { ...adminA, isProductBranded: true, isPayByCredit: true };
  it.each<[string, PermissionCheck, PermissionCheck]>([
    ['company update: branded admin, own company', canUpdateCompany(brandedAdmin, { id: 'c1', domainId: 'd1' }), OK],
    [
      'company update: branded admin, other company',
      canUpdateCompany(brandedAdmin, { id: 'c2', domainId: 'd1' }),
      no('not_found'),
    ],
    ['company update: non-branded admin', canUpdateCompany(adminA), no('forbidden')],
    ['company edit: super, same domain', canEditCompany(superA, { id: 'c3', domainId: 'd1' }), OK],
    ['company edit: super, other domain', canEditCompany(superA, { id: 'c3', domainId: 'd2' }), no('not_found')],
    ['company edit: master, any', canEditCompany(master, { id: 'c3', domainId: 'd2' }), OK],
    ['company edit: admin', canEditCompany(adminA), no('forbidden')],
    ['company info: admin', canViewCompanyInfo(adminA), OK],
    ['company info: normal', canViewCompanyInfo(normalA), no('forbidden')],
    ['card: admin paying by card', canManageCard({ ...adminA, isPayByCredit: true }), OK],
    ['card: super paying by card', canManageCard({ ...superA, isPayByCredit: true }), no('forbidden')],
    ['quota: normal paying by card', canViewUsageQuota({ ...normalA, isPayByCredit: true }), OK],
    ['quota: super paying by card', canViewUsageQuota({ ...superA, isPayByCredit: true }), no('forbidden')],
    ['plan: admin without card', canChangePlan(adminA), no('forbidden')],
    [
      'account info: branded normal',
      canViewAccountInfo({ ...normalA, isProductBranded: true, isPayByCredit: true }),
      OK,
    ],
    [
      'account info: branded super',
      canViewAccountInfo({ ...superA, isProductBranded: true, isPayByCredit: true }),
      no('forbidden'),
    ],
    ['account info: listing-joined normal', canViewAccountInfo({ ...normalA, csJoined: true }), OK],
    ['account info: listing-joined admin', canViewAccountInfo({ ...adminA, csJoined: true }), no('forbidden')],
    ['plan add: master', canAddPlan(master), OK],
    ['domain add: super', canAddDomain(superA), no('forbidden')],
    ['domain edit: master', canEditDomain(master), OK],
    ['transfer: admin', canTransferVehicle(adminA), OK],
    ['transfer: normal, option off', canTransferVehicle(normalA), no('forbidden')],
    ['transfer: normal, user setting on', canTransferVehicle(normalA, { normalUserTransferEnabled: true }), OK],
    ['mail history: option off', canSeeMailHistory(superA), no('forbidden')],
    ['statistics submenu: joined admin', canSeeStatisticsSubmenu({ ...adminA, csJoined: true }), OK],
    ['statistics submenu: super', canSeeStatisticsSubmenu(superA), no('forbidden')],
  ])('%s', (_name, got, expected) => {
    expect(got).toEqual(expected);
  });
});
