import { describe, expect, it } from 'vitest';
import {
  accountLabelParts,
  activeEntryId,
  type DomainOptionFlags,
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

const noOptions: DomainOptionFlags = {
  option_data: false,
  web_negotiation: false,
  hotspot_browser: false,
  hotspot_app: false,
  is_user_add: true,
  online_payment: false,
};

function ctx(over: Partial<Omit<MenuContext, 'options'>> & { options?: Partial<DomainOptionFlags> } = {}): MenuContext {
  const { options, ...rest } = over;
  return {
    privilegeType: 'normal',
    isProductBranded: false,
    isPayByCredit: false,
    csJoined: false,
    hostFlags: [],
    ...rest,
    options: { ...noOptions, ...options },
  };
}

const STATS_SINGLE = ['statistics_single'];
const MASTER_STATS = [
  'statistics',
  'statistics_chart',
  'statistics_cs_chart_cl',
  'statistics_cs_chart',
  'statistics_cs_criteo_chart',
  'statistics_movie_backup_exteriors',
];
const CONTENTS_ALL = ['contents', 'contents_list', 'contents_add', 'contents_bulk'];

describe('visibleMenu: a table of contexts and their visible ids', () => {
  const cases: { name: string; ctx: MenuContext; ids: string[] }[] = [
    {
      name: 'master on the product domain',
      ctx: ctx({ privilegeType: 'master' }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'users',
        'users_list',
        'users_add',
        'plans',
        'plans_list',
        'plans_add',
        'domains',
        'domains_list',
        'domains_add',
        ...MASTER_STATS,
        'contact',
      ],
    },
    {
      name: 'master still manages users when is_user_add is false',
      ctx: ctx({ privilegeType: 'master', options: { is_user_add: false } }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'users',
        'users_list',
        'users_add',
        'plans',
        'plans_list',
        'plans_add',
        'domains',
        'domains_list',
        'domains_add',
        ...MASTER_STATS,
        'contact',
      ],
    },
    {
      name: 'super of a company, not paying by card',
      ctx: ctx({ privilegeType: 'super' }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'users',
        'users_list',
        'users_add',
        'users_addlist',
        'company',
        'company_info',
        'company_edit',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'super when the domain forbids adding users',
      ctx: ctx({ privilegeType: 'super', options: { is_user_add: false } }),
      ids: ['top', ...CONTENTS_ALL, 'company', 'company_info', 'company_edit', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'super paying by card gets no CSV user add',
      ctx: ctx({ privilegeType: 'super', isPayByCredit: true }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'users',
        'users_list',
        'users_add',
        'company',
        'company_info',
        'company_edit',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'non-branded admin',
      ctx: ctx({ privilegeType: 'admin' }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'users',
        'users_list',
        'users_add',
        'company',
        'company_info',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'product-branded admin paying by card: account and settlements, no user screens',
      ctx: ctx({ privilegeType: 'admin', isProductBranded: true, isPayByCredit: true }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'company',
        'company_info',
        'account',
        'account_conf',
        'account_payment',
        'settlements',
        'settlements_payment',
        'settlements_invoice',
        'settlements_subscription',
        'settlements_usagequota',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'branded normal user paying by card: account info and usage quota only',
      ctx: ctx({ privilegeType: 'normal', isProductBranded: true, isPayByCredit: true }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'account',
        'account_conf',
        'settlements',
        'settlements_usagequota',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'normal user joined to the listing site: account menu and listing statistics',
      ctx: ctx({ privilegeType: 'normal', csJoined: true }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'account',
        'account_conf',
        'statistics',
        'statistics_chart',
        'statistics_cs_chart_cl',
        'contact',
      ],
    },
    {
      name: 'plain normal user',
      ctx: ctx(),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'every option on',
      ctx: ctx({
        options: { option_data: true, web_negotiation: true, hotspot_browser: true, hotspot_app: true },
      }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        ...STATS_SINGLE,
        'web_negotiation',
        'web_negotiation_list',
        'web_negotiation_add',
        'mail_history',
        'custom_design',
        'contact',
      ],
    },
    {
      name: 'custom design needs only one of the hotspot options',
      ctx: ctx({ options: { hotspot_app: true } }),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, 'custom_design', 'contact'],
    },
    {
      name: 'dealer-brand host: corporations replace account; add-car, CSV, mails, meetings, plan and contact hidden',
      ctx: ctx({
        privilegeType: 'admin',
        isProductBranded: true,
        isPayByCredit: true,
        hostFlags: ['dealer_brand'],
        options: { option_data: true, web_negotiation: true },
      }),
      ids: [
        'top',
        'contents',
        'contents_list',
        'company',
        'company_info',
        'corporations_menu',
        'corporations',
        'corporation_contacts',
        'settlements',
        'settlements_payment',
        'settlements_invoice',
        'settlements_usagequota',
        ...STATS_SINGLE,
      ],
    },
    {
      name: 'dealer-brand host hides plans even from master',
      ctx: ctx({ privilegeType: 'master', hostFlags: ['dealer_brand'] }),
      ids: [
        'top',
        'contents',
        'contents_list',
        'users',
        'users_list',
        'users_add',
        'corporations_menu',
        'corporations',
        'corporation_contacts',
        'domains',
        'domains_list',
        'domains_add',
        ...MASTER_STATS,
      ],
    },
    {
      name: 'listing-partner tenant: corporations and bases, no card screens',
      ctx: ctx({ privilegeType: 'admin', isProductBranded: true, isPayByCredit: true, hostFlags: ['listing_partner'] }),
      ids: [
        'top',
        ...CONTENTS_ALL,
        'company',
        'company_info',
        'account',
        'account_conf',
        'corporations_menu',
        'corporations',
        'corporation_contacts',
        ...STATS_SINGLE,
        'contact',
      ],
    },
    {
      name: 'bike-sensor tenant: no bulk CSV, meetings or mail history',
      ctx: ctx({ hostFlags: ['bike_sensor'], options: { option_data: true, web_negotiation: true } }),
      ids: ['top', 'contents', 'contents_list', 'contents_add', ...STATS_SINGLE, 'contact'],
    },
    {
      name: 'bike and auction hosts change nothing in the menu',
      ctx: ctx({ hostFlags: ['bike', 'auction'] }),
      ids: ['top', ...CONTENTS_ALL, ...STATS_SINGLE, 'contact'],
    },
  ];

  // Every user's own security settings (password and e-mail, two-step, devices) are in the account menu, which
  // only the dealer-brand host replaces with corporations; the table lists the rest of each menu.
  const PERSONAL_ACCOUNT = ['account', 'account_conf', 'account_two_step', 'account_devices'];
  const menuOrder: string[] = [];
  const flatten = (es: readonly MenuEntry[]): void => {
    for (const e of es) {
      menuOrder.push(e.id);
      flatten(e.children ?? []);
    }
  };
  flatten(MENU);
  const withPersonalAccount = (ids: readonly string[], c: MenuContext): string[] => {
    if (c.hostFlags.includes('dealer_brand')) return [...ids];
    const all = new Set([...ids, ...PERSONAL_ACCOUNT]);
    return menuOrder.filter((id) => all.has(id));
  };

  it.each(cases)('$name', ({ ctx: c, ids }) => {
    expect(visibleMenuIds(c)).toEqual(withPersonalAccount(ids, c));
  });
});

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
