import { describe, expect, it } from 'vitest';
import { accountLabelParts } from './account-label.ts';
import { ctx } from './menu.fixture.ts';
import {
  activeEntryId,
  isMenuEntryVisible,
  isProductBrandedUser,
  MENU,
  type MenuContext,
  type MenuEntry,
  openGroupIds,
  pathIsUnder,
  visibleMenu,
  visibleMenuIds,
} from './menu.ts';
import { PRIVILEGE_TYPES } from './roles.ts';

describe('menu invariants over every role and flag combination', () => {
  const bools = [false, true];
  const all: MenuContext[] = [];
  for (const privilegeType of PRIVILEGE_TYPES)
    for (const isProductBranded of bools)
      for (const isPayByCredit of bools)
        for (const csJoined of bools)
          for (const is_user_add of bools)
            for (const hostFlags of [[], ['dealer_brand'], ['listing_partner'], ['bike_sensor']] as const)
              all.push(
                ctx({ privilegeType, isProductBranded, isPayByCredit, csJoined, hostFlags, options: { is_user_add } }),
              );

  it('statistics is always shown, as a submenu or a single link but never both', () => {
    for (const c of all) {
      const ids = visibleMenuIds(c);
      expect(ids.includes('statistics') !== ids.includes('statistics_single')).toBe(true);
    }
  });

  it('groups are never shown', () => {
    for (const c of all) expect(visibleMenuIds(c)).not.toContain('groups');
  });

  it('a visible group always has at least one visible child', () => {
    for (const c of all) {
      for (const e of visibleMenu(c)) if (e.children) expect(e.children.length).toBeGreaterThan(0);
    }
  });

  it('is_user_add false blocks every user screen for anyone but master', () => {
    for (const c of all.filter((x) => !x.options.is_user_add && x.privilegeType !== 'master')) {
      expect(visibleMenuIds(c)).not.toContain('users');
    }
  });

  it('normal users never see user management, plans or domains', () => {
    for (const c of all.filter((x) => x.privilegeType === 'normal')) {
      const ids = visibleMenuIds(c);
      for (const id of ['users', 'plans', 'domains']) expect(ids).not.toContain(id);
    }
  });

  it('only super can add users by CSV', () => {
    for (const c of all) {
      if (visibleMenuIds(c).includes('users_addlist')) {
        expect(c).toMatchObject({ privilegeType: 'super', isProductBranded: false, isPayByCredit: false });
      }
    }
  });

  it('the account menu and corporations never show together on the dealer-brand host', () => {
    for (const c of all.filter((x) => x.hostFlags.includes('dealer_brand'))) {
      expect(visibleMenuIds(c)).not.toContain('account');
    }
  });

  it('ids are unique and every leaf path is absolute', () => {
    const ids: string[] = [];
    const walk = (es: readonly MenuEntry[]): void => {
      for (const e of es) {
        ids.push(e.id);
        expect(e.path.startsWith('/')).toBe(true);
        for (const p of e.subPaths) expect(p.startsWith('/')).toBe(true);
        if (e.children) walk(e.children);
      }
    };
    walk(MENU);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('isMenuEntryVisible', () => {
  it('a group with all children hidden is hidden even when its own rule holds', () => {
    const g: MenuEntry = {
      id: 'g',
      path: '/g',
      subPaths: [],
      children: [{ id: 'c', path: '/g/c', subPaths: [], visibility: { roles: ['master'] } }],
    };
    expect(isMenuEntryVisible(g, ctx())).toBe(false);
    expect(isMenuEntryVisible(g, ctx({ privilegeType: 'master' }))).toBe(true);
  });
});

describe('openGroupIds and activeEntryId', () => {
  const cases: { path: string; open: string[]; active: string | undefined }[] = [
    { path: '/top', open: [], active: 'top' },
    { path: '/contents/list', open: ['contents'], active: 'contents_list' },
    { path: '/contents/edit/42', open: ['contents'], active: 'contents_list' },
    { path: '/contents/detail/42', open: ['contents'], active: 'contents_list' },
    { path: '/contents/bulk', open: ['contents'], active: 'contents_bulk' },
    { path: '/subordinate/edit/7', open: ['users'], active: 'users_list' },
    { path: '/subordinate/addlist', open: ['users'], active: 'users_addlist' },
    { path: '/contract/cancel/conf', open: ['account'], active: 'account_conf' },
    { path: '/domain/edit/0008', open: ['domains'], active: 'domains_list' },
    { path: '/domain/confirmation-edit/0008', open: ['domains'], active: 'domains_list' },
    { path: '/domain/confirmation', open: ['domains'], active: 'domains_add' },
    { path: '/web-negotiation/detail/r1', open: ['web_negotiation'], active: 'web_negotiation_list' },
    { path: '/statistic/cs-chart-cl', open: ['statistics'], active: 'statistics_cs_chart_cl' },
    { path: '/contents/listing', open: [], active: undefined },
    { path: '/nowhere', open: [], active: undefined },
    { path: '/contents/list/', open: ['contents'], active: 'contents_list' },
  ];
  it.each(cases)('$path', ({ path, open, active }) => {
    expect(openGroupIds(path, MENU)).toEqual(open);
    expect(activeEntryId(path, MENU)).toBe(active);
  });

  it('the chart route is the single link when the user has no submenu', () => {
    const menu = visibleMenu(ctx());
    expect(activeEntryId('/statistic/chart', menu)).toBe('statistics_single');
    expect(openGroupIds('/statistic/chart', menu)).toEqual([]);
  });

  it('pathIsUnder matches by segment', () => {
    expect(pathIsUnder('/a/b', '/a')).toBe(true);
    expect(pathIsUnder('/a', '/a')).toBe(true);
    expect(pathIsUnder('/ab', '/a')).toBe(false);
    expect(pathIsUnder('/a/', '/a/')).toBe(true);
  });
});

describe('isProductBrandedUser', () => {
  it.each([
    { privilegeType: 'super', isProductDomain: true, isPayByCredit: true, expected: true },
    { privilegeType: 'normal', isProductDomain: true, isPayByCredit: true, expected: true },
    { privilegeType: 'master', isProductDomain: true, isPayByCredit: true, expected: false },
    { privilegeType: 'admin', isProductDomain: false, isPayByCredit: true, expected: false },
    { privilegeType: 'admin', isProductDomain: true, isPayByCredit: false, expected: false },
  ] as const)('$privilegeType domain=$isProductDomain card=$isPayByCredit', ({ expected, ...u }) => {
    expect(isProductBrandedUser(u)).toBe(expected);
  });
});

describe('accountLabelParts', () => {
  const base = { name: 'Aiko', email: 'aiko@example.jp', companyName: 'Acme Motors', section: 'Sales' };
  it.each([
    { privilegeType: 'super', org: 'Acme Motors' },
    { privilegeType: 'admin', org: 'Acme Motors' },
    { privilegeType: 'normal', org: 'Sales' },
    { privilegeType: 'master', org: undefined },
  ] as const)('$privilegeType shows $org', ({ privilegeType, org }) => {
    const parts = accountLabelParts({ ...base, privilegeType });
    expect(parts).toEqual({ role: privilegeType, name: 'Aiko', email: 'aiko@example.jp', ...(org ? { org } : {}) });
  });
  it('omits an empty organisation', () => {
    expect(accountLabelParts({ privilegeType: 'normal', name: 'A', email: 'a@b.c', section: '  ' })).toEqual({
      role: 'normal',
      name: 'A',
      email: 'a@b.c',
    });
  });
});
