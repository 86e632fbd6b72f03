import { describe, expect, it } from 'vitest';
import { type DomainOptionFlags, isMenuEntryVisible, MENU, type MenuContext, type MenuEntry } from '../menu.ts';
import { PRIVILEGE_TYPES, type PrivilegeType } from '../roles.ts';
import { actor, no } from './actor.fixture.ts';
import {
  canAddDomain,
  canAddPlan,
  canAddUser,
  canChangePlan,
  canEditCompany,
  canImportUsersCsv,
  canListUsers,
  canManageCard,
  canSeeMailHistory,
  canSeeMasterStatistics,
  canSeeStatisticsSubmenu,
  canViewCompanyInfo,
  canViewUsageQuota,
  type PermissionActor,
  type PermissionCheck,
} from './index.ts';
import {
  isVariantReachable,
  MATRIX_DOMAIN_OPTIONS,
  PERMISSION_MATRIX,
  PERMISSION_VARIANTS,
  type PermissionCapability,
} from './matrix.ts';
import { checkCapability, matrixActor } from './matrix-run.ts';

describe('PERMISSION_MATRIX', () => {
  const cases = PERMISSION_MATRIX.flatMap((row) =>
    PERMISSION_VARIANTS.map((variant) => ({ row, variant, name: `${row.capability} / ${variant.id}` })),
  );

  it.each(cases)('$name agrees with the functions', ({ row, variant }) => {
    const result = checkCapability(row.capability, matrixActor(variant, row.domainOptions));
    expect(result.ok).toBe(row.expected[variant.id]);
  });

  it('every capability appears once, with every variant', () => {
    const names = PERMISSION_MATRIX.map((r) => r.capability);
    expect(new Set(names).size).toBe(names.length);
    for (const r of PERMISSION_MATRIX)
      expect(Object.keys(r.expected).sort()).toEqual(PERMISSION_VARIANTS.map((v) => v.id).sort());
  });

  it('only branded users without card are unreachable', () => {
    for (const v of PERMISSION_VARIANTS) {
      expect(isVariantReachable(v)).toBe(!(v.isProductBranded && !v.isPayByCredit));
    }
  });

  it('refusals of target rows for invisible users are not_found', () => {
    for (const row of PERMISSION_MATRIX.filter((r) => r.target === 'other_domain_normal')) {
      for (const v of PERMISSION_VARIANTS.filter((x) => x.privilegeType !== 'master')) {
        expect(checkCapability(row.capability, matrixActor(v, row.domainOptions))).toEqual(no('not_found'));
      }
    }
  });

  it('the default matrix options are all on', () => {
    expect(MATRIX_DOMAIN_OPTIONS).toEqual({ is_user_add: true, normal_user_transfer: true, option_data: true });
  });
});

describe('permissions agree with the menu (no host flags)', () => {
  /** The entry and its groups: a leaf is shown only when its groups' own rules hold too. */
  const chainTo = (id: string): MenuEntry[] => {
    const walk = (entries: readonly MenuEntry[], above: MenuEntry[]): MenuEntry[] | undefined => {
      for (const e of entries) {
        if (e.id === id) return [...above, e];
        const inner = e.children ? walk(e.children, [...above, { ...e, children: undefined }]) : undefined;
        if (inner) return inner;
      }
      return undefined;
    };
    const found = walk(MENU, []);
    if (!found) throw new Error(id);
    return found;
  };
  const shown = (chain: MenuEntry[], ctx: MenuContext) => chain.every((e) => isMenuEntryVisible(e, ctx));

  const pairs: [string, (a: PermissionActor) => PermissionCheck, PrivilegeType[]][] = [
    ['users_list', canListUsers, []],
    ['users_add', (a) => canAddUser(a), []],
    ['users_addlist', canImportUsersCsv, []],
    // The groups of users (`/usergroups` as a screen) sit beside the user list, under its rule.
    ['users_groups', canListUsers, []],
    // account_conf is every user's own password and e-mail page; the contract "account info" it may show is
    // canViewAccountInfo's, checked on the page, not by the menu.
    ['account_payment', canManageCard, []],
    ['settlements_payment', canManageCard, []],
    ['settlements_subscription', canChangePlan, []],
    ['settlements_usagequota', canViewUsageQuota, []],
    ['company_info', canViewCompanyInfo, []],
    // The company's subdomain is read where its info is; changing it is canEditCompany's, checked on the page.
    ['company_subdomain', canViewCompanyInfo, []],
    // Master edits companies through the API (the operator's company screens), not through this menu entry.
    ['company_edit', (a) => canEditCompany(a), ['master']],
    ['plans_add', canAddPlan, []],
    ['domains_add', canAddDomain, []],
    ['mail_history', canSeeMailHistory, []],
    ['statistics_cs_chart_cl', canSeeStatisticsSubmenu, []],
    ['statistics_cs_chart', canSeeMasterStatistics, []],
    ['statistics_cs_criteo_chart', canSeeMasterStatistics, []],
  ];

  const bools = [false, true];
  const combos: { a: PermissionActor; ctx: MenuContext }[] = [];
  for (const privilegeType of PRIVILEGE_TYPES)
    for (const isProductBranded of bools)
      for (const isPayByCredit of bools)
        for (const csJoined of bools)
          for (const is_user_add of bools)
            for (const option_data of bools) {
              const options: DomainOptionFlags = {
                option_data,
                web_negotiation: false,
                hotspot_browser: false,
                hotspot_app: false,
                is_user_add,
                online_payment: false,
              };
              combos.push({
                a: actor({
                  privilegeType,
                  isProductBranded,
                  isPayByCredit,
                  csJoined,
                  domainOptions: { is_user_add, option_data, normal_user_transfer: false },
                }),
                ctx: { privilegeType, isProductBranded, isPayByCredit, csJoined, options, hostFlags: [] },
              });
            }

  it.each(pairs)('%s', (entryId, fn, exceptRoles) => {
    const chain = chainTo(entryId);
    for (const { a, ctx } of combos) {
      if (exceptRoles.includes(a.privilegeType)) continue;
      expect(fn(a).ok, `${entryId} ${JSON.stringify(ctx)}`).toBe(shown(chain, ctx));
    }
  });

  it('capabilities named in the matrix are all covered by checkCapability', () => {
    for (const r of PERMISSION_MATRIX) {
      const v = PERMISSION_VARIANTS[0];
      expect(() =>
        checkCapability(r.capability as PermissionCapability, matrixActor(v, r.domainOptions)),
      ).not.toThrow();
    }
  });
});

describe('the test matrix stays out of the shipped entry', () => {
  it('the main entry exports no matrix; the testing entry does', async () => {
    const main: Record<string, unknown> = await import('../index.ts');
    const testing: Record<string, unknown> = await import('../testing.ts');
    for (const name of ['PERMISSION_MATRIX', 'PERMISSION_VARIANTS', 'MATRIX_DOMAIN_OPTIONS', 'checkCapability']) {
      expect(main[name], name).toBeUndefined();
      expect(testing[name], name).toBeDefined();
    }
  });
});
